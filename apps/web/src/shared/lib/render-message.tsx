/**
 * Fills the `{name}` placeholders of a contract message with React nodes (links), so the visible text stays
 * word for word the message while, say, an email address becomes a mailto link.
 */
import { Fragment, type ReactNode } from 'react';

export function renderMessage(template: string, values: Record<string, ReactNode>): ReactNode[] {
  return template.split(/(\{\w+\})/).map((part, index) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    const value = name !== undefined && name in values ? values[name] : part;
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of a fixed template never move.
    return <Fragment key={index}>{value}</Fragment>;
  });
}
