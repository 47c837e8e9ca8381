// `npm run bench -- --export`: one CSV export of every booking (issue 12: 100,000 bookings under 10 s with flat
// memory), with the columns and embeds of the bookings list, read as a browser downloads it. Prints the time, the
// rows and bytes received, and the server's RSS at rest and at its peak during the export (sampled every 20 ms).

const COLUMNS: [string, string][] = [
  ['Numéro', 'number'],
  ['N° alternatif', 'number_alt'],
  ['Référent', 'referent_passenger.full_name'],
  ['Département', 'referent_passenger.department'],
  ['Client', 'customer.full_name'],
  ['Passagers', 'passengers_number'],
  ['Dates souhaitées', 'requested_dates.date'],
  ['Lieu', 'location.label'],
  ['Prestation', 'prestation.label'],
  ["Date d'achat", 'booked_at'],
  ['Total', 'total_amount'],
  ['Reste', 'remaining_amount'],
  ['Infos pré-vol', 'has_pre_flight_infos'],
  ['Complète', 'has_all_infos'],
];

export const EXPORT_TARGET_MS = 10_000;

export async function runExportBench(
  base: string,
  headers: Record<string, string>,
  rssOf: () => number | null,
): Promise<boolean> {
  const query = new URLSearchParams({
    format: 'csv',
    order: 'booked_at|DESC',
    columns: JSON.stringify(COLUMNS),
  });
  const atRest = rssOf() ?? 0;
  let peak = atRest;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf() ?? 0);
  }, 20);
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  try {
    const response = await fetch(`${base}/api/bookings?${query}`, { headers });
    if (!response.ok || !response.body) {
      console.log(`Export : HTTP ${response.status} ${(await response.text()).slice(0, 300)}`);
      return false;
    }
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines += 1;
    }
  } finally {
    clearInterval(sampler);
  }
  const ms = performance.now() - started;
  const ok = ms < EXPORT_TARGET_MS;
  console.log(
    `Export CSV des réservations : ${(lines - 1).toLocaleString('fr-FR')} lignes, ${(bytes / 1048576).toFixed(1)} Mo ` +
      `en ${(ms / 1000).toFixed(2)} s (${Math.round((lines - 1) / (ms / 1000)).toLocaleString('fr-FR')} lignes/s) ; ` +
      `RSS du serveur ${atRest.toFixed(0)} Mo au repos, ${peak.toFixed(0)} Mo au pic ; objectif < ${EXPORT_TARGET_MS / 1000} s : ` +
      (ok ? 'PASS' : 'MISS'),
  );
  return ok;
}
