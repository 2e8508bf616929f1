import { Alert, Anchor, Button, Code, List, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { OPEN_DATA_LICENCE, OPEN_MAX_DAYS, OPEN_PAGE_MAX } from '@enviro/contracts/open-data';
import { ApiError } from '@/lib/api-client';
import { useSignUpForKey } from '../api/keys';
import { curlExample, pythonExample } from './examples';

const ROUTES: [string, string][] = [
  ['GET /boards', 'The statutory bodies that publish their industries’ data'],
  ['GET /stations', `Stations with industry, board, type, location, parameters, units and limits (${OPEN_PAGE_MAX} a page at most)`],
  ['GET /stations/{id}/series', `A parameter at 15m (${OPEN_MAX_DAYS['15m']} days a page), 1h (${OPEN_MAX_DAYS['1h']} days) or 1d (${OPEN_MAX_DAYS['1d']} days), with coverage and quality on every value`],
  ['GET /stations/{id}/exceedances', 'Exceedance episodes (runs of 15-minute averages beyond a limit)'],
  ['GET /stations/{id}/uptime', 'Uptime per IST day'],
  ['GET /stations/{id}/naqi', 'National AQI and its prominent pollutant, per day (ambient air stations): the last 30 days, or from= to= (92 days a page)'],
  ['GET /stations/{id}/calibrations', 'Calibration records'],
  ['GET /files, /files/{id}/{YYYY-MM}, /files/changes', 'Monthly CSV.gz files per station and their change log'],
];

/** The developers' page: what the open data API gives, how to get a key, examples and the licence. */
export function DevelopersView() {
  const origin = window.location.origin;
  return (
    <Stack gap="lg" maw={860}>
      <div>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          Open data API
        </Title>
        <Text>
          The measurements of the industries of the pollution control boards that publish them: concentrations with their history, not
          only the latest index. Every time is ISO 8601 with India’s offset from UTC (five and a half hours); every day is an IST day. The figures are those of
          the public portal, the reports and the regulator push, to the last digit.
        </Text>
      </div>

      <section aria-labelledby="routes">
        <Title order={2} id="routes" fz="xl" mb="xs">
          What you can read
        </Title>
        <Table.ScrollContainer minWidth={480}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Route (under /api/open/v1)</Table.Th>
                <Table.Th>What it answers</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ROUTES.map(([route, what]) => (
                <Table.Tr key={route}>
                  <Table.Td>
                    <Code>{route}</Code>
                  </Table.Td>
                  <Table.Td>{what}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="sm" mt="xs">
          Every field is described in the{' '}
          <Anchor href="/api/open/v1/openapi.json" target="_blank">
            OpenAPI document of the open API
          </Anchor>{' '}
          (browsable on the <Anchor href="/api/open/v1/docs">open API's documentation page</Anchor>).
        </Text>
      </section>

      <section aria-labelledby="key">
        <Title order={2} id="key" fz="xl" mb="xs">
          Get a key
        </Title>
        <Text mb="sm">
          Without a key you may make 10 requests a minute and 200 an hour. A free key raises that to 60 a minute and 2,000 an hour: send it
          in the <Code>X-API-Key</Code> header. Each answer says what is left in <Code>X-RateLimit-Remaining</Code>; over the limit you get
          status 429 and <Code>Retry-After</Code> (seconds to wait).
        </Text>
        <KeyForm />
      </section>

      <section aria-labelledby="examples">
        <Title order={2} id="examples" fz="xl" mb="xs">
          Examples
        </Title>
        <Text fw={600}>curl</Text>
        <Code block>{curlExample(origin, 'YOUR_KEY')}</Code>
        <Text fw={600} mt="md">
          Python
        </Text>
        <Code block>{pythonExample(origin, 'YOUR_KEY')}</Code>
      </section>

      <section aria-labelledby="licence">
        <Title order={2} id="licence" fz="xl" mb="xs">
          Licence and attribution
        </Title>
        <Text>
          The data are published under the{' '}
          <Anchor href={OPEN_DATA_LICENCE.url} target="_blank" rel="noreferrer">
            {OPEN_DATA_LICENCE.name}
          </Anchor>
          . You may copy, share and adapt them, also commercially, as long as you credit the source: every answer and file carries the
          attribution to use (the publishing board and the industry).
        </Text>
        <List size="sm" mt="xs">
          <List.Item>A value is null where it has none: a quarter without data, or a day under 16 hours of data.</List.Item>
          <List.Item>Quality CALIBRATION or MAINTENANCE marks values taken while a device was being calibrated or serviced.</List.Item>
        </List>
      </section>
    </Stack>
  );
}

function KeyForm() {
  const [email, setEmail] = useState('');
  const [purpose, setPurpose] = useState('');
  const signUp = useSignUpForKey();
  if (signUp.isSuccess) {
    return (
      <Alert color="teal" title="Check your mail">
        {signUp.data.message}
      </Alert>
    );
  }
  const fieldError = signUp.error instanceof ApiError && signUp.error.field === 'body.email' ? signUp.error.message.replace(/^body\.email: /, '') : undefined;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        signUp.mutate({ email, purpose });
      }}
    >
      <Stack gap="sm" maw={440}>
        <TextInput label="Your e-mail address" type="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={fieldError} />
        <Textarea label="What will you build? (optional)" maxLength={500} value={purpose} onChange={(e) => setPurpose(e.currentTarget.value)} />
        {signUp.isError && !fieldError && <Text c="red">{signUp.error.message}</Text>}
        <Button type="submit" loading={signUp.isPending} w="fit-content">
          Mail me a key
        </Button>
      </Stack>
    </form>
  );
}
