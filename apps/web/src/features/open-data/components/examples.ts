/** The examples of the developers' page, for the server the page was loaded from. */
export function curlExample(origin: string, key: string): string {
  return [
    `# The stations of the boards that publish (first page of 50)`,
    `curl -H "X-API-Key: ${key}" "${origin}/api/open/v1/stations"`,
    ``,
    `# One station's PM as 15-minute averages over one IST day, with coverage and quality`,
    `curl -H "X-API-Key: ${key}" "${origin}/api/open/v1/stations/STATION_ID/series?parameter=pm&resolution=15m&from=2026-11-01"`,
    ``,
    `# A month as a CSV.gz file`,
    `curl -H "X-API-Key: ${key}" -o month.csv.gz "${origin}/api/open/v1/files/STATION_ID/2026-11"`,
  ].join('\n');
}

export function pythonExample(origin: string, key: string): string {
  return [
    'import requests',
    '',
    `API = "${origin}/api/open/v1"`,
    `HEADERS = {"X-API-Key": "${key}"}`,
    '',
    '# Daily means of a year, page by page: each answer links the next one in "next".',
    'url = f"{API}/stations/STATION_ID/series?parameter=pm&resolution=1d&from=2025-12-01&to=2026-11-30"',
    'while url:',
    '    answer = requests.get(url if url.startswith("http") else "' + origin + '" + url, headers=HEADERS).json()',
    '    for point in answer["data"]["points"]:',
    '        print(point["time"], point["value"], point["coverage"]["percent"], point["quality"])',
    '    url = answer["next"]',
    '',
    'print(answer["attribution"], answer["licence"]["name"])',
  ].join('\n');
}
