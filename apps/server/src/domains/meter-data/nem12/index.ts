/** The NEM12 meter data format (docs/meter-data.md): streaming parser, line splitter, writer, units. */
export * from './lines.ts';
export * from './parser.ts';
export * from './types.ts';
export * from './units.ts';
export * from './writer.ts';
