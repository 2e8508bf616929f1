import { cheapHashingForTests } from '../src/platform/access/password.ts';

// Setup file of the server and e2e projects: passwords and codes are hashed with argon2id's cheapest
// parameters in test processes (a run hashes hundreds; at production cost that was ~10 s of CPU per
// server run). password.test.ts checks the production parameters; servers the tests spawn as
// processes (crash, CLI) hash at production cost.
cheapHashingForTests(true);
