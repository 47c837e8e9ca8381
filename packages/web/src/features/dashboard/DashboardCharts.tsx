import '@mantine/charts/styles.css';
import type { Dashboard } from '@app/domain';
import { BarChart } from '@mantine/charts';
import { Paper, SimpleGrid, Text } from '@mantine/core';

// The season's three charts of the landing page, in a chunk of their own (the chart library is the page's largest
// part): the page shows its figures first and these when they arrive.

const monthShort = new Intl.DateTimeFormat('fr-FR', { month: 'short', timeZone: 'UTC' });
const monthLabel = (month: number) => monthShort.format(new Date(Date.UTC(2000, month - 1, 1)));
const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });

function ChartCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text fw={600} size="sm" mb="sm">
        {title}
      </Text>
      {children}
    </Paper>
  );
}

export default function DashboardCharts({ data }: { data: Dashboard }) {
  const months = data.months.map((m) => ({ ...m, label: monthLabel(m.month) }));
  return (
    <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} spacing="md">
      <ChartCard title={`Réservations vendues par mois : ${data.season} et ${data.season - 1}`}>
        <BarChart
          h={240}
          data={months}
          dataKey="label"
          withLegend
          series={[
            { name: 'bookings', label: String(data.season), color: 'blue.6' },
            { name: 'previous_bookings', label: String(data.season - 1), color: 'gray.5' },
          ]}
        />
      </ChartCard>
      <ChartCard title={`Vols par mois en ${data.season}`}>
        <BarChart
          h={240}
          data={months}
          dataKey="label"
          type="stacked"
          withLegend
          series={[
            { name: 'realized', label: 'Réalisés', color: 'green.6' },
            { name: 'weather_postponed', label: 'Reportés - météo', color: 'orange.6' },
            { name: 'canceled', label: 'Annulés', color: 'red.6' },
          ]}
        />
      </ChartCard>
      <ChartCard title={`Chiffre d'affaires et reste à payer par mois en ${data.season}`}>
        <BarChart
          h={240}
          data={months}
          dataKey="label"
          withLegend
          valueFormatter={(value) => euros.format(value)}
          series={[
            { name: 'revenue', label: "Chiffre d'affaires", color: 'teal.6' },
            { name: 'remaining_due', label: 'Reste à payer', color: 'red.5' },
          ]}
        />
      </ChartCard>
    </SimpleGrid>
  );
}
