import { describe, test } from 'node:test';
import { fixtureCatalog, fixtureStore } from './fixtures.js';
import { ReferenceStore } from './reference-store.js';
import { SCENARIOS } from './spec-suite.js';
import { StoreAdapter } from './store-adapter.js';

describe('storage spec suite on GraphStore', () => {
  for (const s of SCENARIOS) test(s.name, () => s.run(new StoreAdapter(fixtureStore())));
});

describe('storage spec suite on the reference store', () => {
  for (const s of SCENARIOS) test(s.name, () => s.run(new ReferenceStore(fixtureCatalog())));
});
