import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { startReceiver } from './receiver.ts';

// Runs the receiver alone: `npm start -w @enviro/regulator-receiver -- [port] [key.pem]`. The private key
// is kept in the file (created on first run) so connections configured with its public key keep working.
// Industries are registered with POST /__receiver/industries; faults with POST /__receiver/fault.
const port = Number(process.argv[2] ?? 8090);
const keyFile = process.argv[3] ?? 'regulator-receiver-key.pem';
const privateKeyPem = existsSync(keyFile) ? readFileSync(keyFile, 'utf8') : undefined;
const receiver = await startReceiver({ port, host: '0.0.0.0', privateKeyPem });
if (!privateKeyPem) writeFileSync(keyFile, receiver.privateKeyPem, { mode: 0o600 });
console.log(`regulator receiver on port ${port}; public key:\n${receiver.publicKeyPem}`);
