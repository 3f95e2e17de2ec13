export * from './lib/ports';
export * from './lib/service';
export * from './lib/page-reader';
export * from './lib/page-failure';
export * from './lib/host-gate';
export { createTypedAliases, LINE_SHORT_NAMES, type TypedAliases } from './lib/typed-aliases';
export { createHeldCodeLookup, type HeldCodeLookup } from './lib/held-code';
export { generationSpelling } from './lib/generations';
export { compoundWordSpellings } from './lib/compound-words';
