/** Stand-in for a screen that a later issue builds: its heading and a short note. */
import { copy } from '@portal/contracts';
import { useDocumentTitle } from '../hooks/use-document-title.ts';

export function ComingSoon({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <section className="page">
      <h1>{title}</h1>
      <p>{copy.comingSoon}</p>
    </section>
  );
}
