import '@mantine/charts/styles.css';
import {
  VOUCHER_REPORT_MIN_DATE,
  VOUCHERS_REPORT_PATH,
  type VoucherReport,
  type VoucherReportExpiring,
  type VoucherReportGroup,
  type VoucherReportMonth,
} from '@app/domain';
import { BarChart } from '@mantine/charts';
import { Alert, Button, Group, Loader, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconDownload } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { apiUrl } from '../../api/client';
import { useApiQuery } from '../../api/hooks';
import { getRead } from '../../api/reads';
import { type DataColumn, DataTable } from '../../components';
import { FrenchDateInput } from '../../components/FrenchDateInput/FrenchDateInput';
import { formatAmount, formatDate } from '../../lib/format';
import { today as operatorToday } from '../../lib/today';

// Issue 29 point 4, page 'Rapports' (administrators, as GET /api/reports/vouchers): what the vouchers sold and not
// yet flown are worth at a date, by origin and business provider, what expires in the coming 12 months, and what
// each of the last 12 months sold, flew, lost to expiry and refunded. The same figures download as a CSV.

const LOAD_FAILED = 'Erreur de chargement du rapport';

const monthFormat = new Intl.DateTimeFormat('fr-FR', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const longMonthFormat = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const asMonth = (month: string) => new Date(`${month}-01T00:00:00Z`);
/** '2026-11' → 'nov. 2026' (chart axes). */
const shortMonth = (month: string) => monthFormat.format(asMonth(month));
/** '2026-11' → 'Novembre 2026' (tables). */
const longMonth = (month: string) => {
  const text = longMonthFormat.format(asMonth(month));
  return text.charAt(0).toUpperCase() + text.slice(1);
};
const eurosNoCents = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });

/** A date typed as staff write it, 'JJ/MM/AAAA', as YYYY-MM-DD (null while incomplete or impossible). */
const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <Text fz={26} fw={700} lh={1.1}>
          {value}
        </Text>
        {hint && (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text fw={600} size="sm" mb="sm">
        {title}
      </Text>
      {children}
    </Paper>
  );
}

const groupColumns = (label: string): DataColumn<VoucherReportGroup>[] => [
  { label, field: 'label' },
  { label: 'Bons', render: (g) => g.count, align: 'right', key: 'count' },
  { label: 'Montant total', render: (g) => formatAmount(g.total_amount), align: 'right', key: 'total_amount' },
];
const ORIGIN_COLUMNS = groupColumns('Origine');
const PROVIDER_COLUMNS = groupColumns('Apporteur');

const EXPIRING_COLUMNS: DataColumn<VoucherReportExpiring>[] = [
  { label: 'Mois', render: (m) => longMonth(m.month), key: 'month' },
  { label: 'Bons', render: (m) => m.count, align: 'right', key: 'count' },
  { label: 'Montant total', render: (m) => formatAmount(m.total_amount), align: 'right', key: 'total_amount' },
];

const MONTH_COLUMNS: DataColumn<VoucherReportMonth>[] = [
  { label: 'Mois', render: (m) => longMonth(m.month), key: 'month' },
  { label: 'Vendu', render: (m) => formatAmount(m.sold_amount), align: 'right', key: 'sold' },
  { label: 'Volé', render: (m) => formatAmount(m.flown_amount), align: 'right', key: 'flown' },
  { label: 'Périmé', render: (m) => formatAmount(m.expired_amount), align: 'right', key: 'expired' },
  { label: 'Remboursé', render: (m) => formatAmount(m.refunded_amount), align: 'right', key: 'refunded' },
];

/**
 * A month per row, a few amounts: a plain compact table at every width (the lists' cards would make 24 tall cards
 * of a tablet's page).
 */
function MonthTable<T extends { month: string }>({
  label,
  columns,
  rows,
}: {
  label: string;
  columns: DataColumn<T>[];
  rows: T[];
}) {
  return (
    <Table aria-label={label} verticalSpacing="xs" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) => (
            <Table.Th key={c.key ?? c.label} ta={c.align ?? 'left'}>
              {c.label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.month}>
            {columns.map((c) => (
              <Table.Td key={c.key ?? c.label} ta={c.align ?? 'left'}>
                {c.render?.(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
const byGroup = (row: VoucherReportGroup) => (row.id === null ? 'none' : row.id);

function Report({ report }: { report: VoucherReport }) {
  const { outstanding } = report;
  const due = Math.round((outstanding.total_amount - outstanding.paid_amount) * 100) / 100;
  const expiring = report.expiring.map((m) => ({ ...m, label: shortMonth(m.month) }));
  const months = report.months.map((m) => ({ ...m, label: shortMonth(m.month) }));
  // Whole euros on the axes, cents while the amounts are small (a 0,30 € month would read '0 €').
  const euros = (value: number) => (Math.abs(value) >= 100 ? eurosNoCents.format(value) : formatAmount(value));
  return (
    <Stack gap="xl">
      <Section title={`Bons en cours au ${formatDate(report.at)}`}>
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm">
          <Figure label="Bons en cours" value={String(outstanding.count)} />
          <Figure label="Passagers à faire voler" value={String(outstanding.passengers)} />
          <Figure label="Montant total" value={formatAmount(outstanding.total_amount)} />
          <Figure
            label="Montant payé"
            value={formatAmount(outstanding.paid_amount)}
            hint={due > 0 ? `${formatAmount(due)} restant à encaisser` : undefined}
          />
        </SimpleGrid>
        {/* One under the other: a list's table needs 600 px, more than half the page beside the navigation. */}
        <Stack gap="md">
          <Stack gap="xs">
            <Title order={3} size="h5">
              Par origine
            </Title>
            <DataTable<VoucherReportGroup>
              label="Bons en cours par origine"
              columns={ORIGIN_COLUMNS}
              rows={outstanding.by_origin}
              getRowKey={byGroup}
            />
          </Stack>
          <Stack gap="xs">
            <Title order={3} size="h5">
              Par apporteur
            </Title>
            <DataTable<VoucherReportGroup>
              label="Bons en cours par apporteur"
              columns={PROVIDER_COLUMNS}
              rows={outstanding.by_business_provider}
              getRowKey={byGroup}
            />
          </Stack>
        </Stack>
      </Section>
      <Section title="Expirations des 12 prochains mois">
        <ChartCard title="Montant des bons en cours par mois d'expiration">
          <BarChart
            h={240}
            data={expiring}
            dataKey="label"
            valueFormatter={euros}
            series={[{ name: 'total_amount', label: 'Montant qui expire', color: 'orange.7' }]}
          />
        </ChartCard>
        <MonthTable<VoucherReportExpiring>
          label="Expirations par mois"
          columns={EXPIRING_COLUMNS}
          rows={report.expiring}
        />
      </Section>
      <Section title="Les 12 derniers mois">
        <ChartCard title="Vendu, volé, périmé et remboursé par mois">
          <BarChart
            h={260}
            data={months}
            dataKey="label"
            withLegend
            valueFormatter={euros}
            series={[
              { name: 'sold_amount', label: 'Vendu', color: 'blue.7' },
              { name: 'flown_amount', label: 'Volé', color: 'teal.7' },
              { name: 'expired_amount', label: 'Périmé', color: 'orange.7' },
              { name: 'refunded_amount', label: 'Remboursé', color: 'red.7' },
            ]}
          />
        </ChartCard>
        <MonthTable<VoucherReportMonth> label="Montants par mois" columns={MONTH_COLUMNS} rows={report.months} />
      </Section>
    </Stack>
  );
}

function ReportSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label="Chargement du rapport">
      <Group gap="xs">
        <Loader size="sm" />
        <Text c="dimmed">Chargement...</Text>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
        {['a', 'b', 'c', 'd'].map((key) => (
          <Skeleton key={key} h={90} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton h={240} radius="md" />
    </Stack>
  );
}

export default function VouchersReportPage() {
  const today = operatorToday();
  const [at, setAt] = useState(today);
  const result = useApiQuery(
    getRead<VoucherReport>('vouchers-report', `${VOUCHERS_REPORT_PATH}?${new URLSearchParams({ at })}`, [at]),
    {
      failure: LOAD_FAILED,
      // The figures of the previous date stay while the next ones load: the page does not jump.
      placeholderData: keepPreviousData,
    },
  );

  const csvUrl = apiUrl(`${VOUCHERS_REPORT_PATH}?${new URLSearchParams({ at, format: 'csv' })}`);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <FrenchDateInput
          label="Date du rapport"
          value={at}
          onChange={(value) => {
            if (typeof value === 'string' && value >= VOUCHER_REPORT_MIN_DATE && value <= today) setAt(value);
          }}
          minDate={VOUCHER_REPORT_MIN_DATE}
          maxDate={today}
          w={200}
        />
        <Button
          component="a"
          href={csvUrl}
          download={`rapport-bons-${at}.csv`}
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          title="Télécharger le rapport en CSV"
        >
          Exporter
        </Button>
      </Group>
      {result.isPending ? (
        <ReportSkeleton />
      ) : result.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} title={LOAD_FAILED}>
          <Button variant="light" color="red" size="xs" mt="xs" onClick={() => result.refetch()}>
            Réessayer
          </Button>
        </Alert>
      ) : (
        <Stack gap="xl" aria-busy={result.isFetching}>
          <Report report={result.data} />
          <Text size="xs" c="dimmed">
            {`${plural(result.data.outstanding.count, 'bon', 'bons')} en cours : les réservations achetées au plus tard ce jour-là, ni terminées, ni annulées, ni périmées à cette date.`}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
