import { readFileSync } from 'node:fs';
import { benchHttp, benchMqtt } from './ingest-bench.ts';
const { fleet } = JSON.parse(readFileSync('/tmp/fleet.json', 'utf8'));
const now = Date.now();
if (process.env.MQTT_PORT) console.log(JSON.stringify(await benchMqtt(Number(process.env.MQTT_PORT), fleet, 50, 40, 8, now - 2000 * 24 * 3600_000)));
else console.log(JSON.stringify(await benchHttp(process.env.BASE_URL!, fleet, Number(process.env.REQS ?? 2000), 32, now)));
