// The dashboard's charts (issue 4: "charts drawn with a charting library"), in their own chunk: recharts is large,
// so the dashboard's figures show at once and the charts follow. Colours come from the theme's CSS variables, so
// the charts follow light and dark themes; each chart also has a text table for screen readers, so the drawing is
// hidden from them and recharts' keyboard layer is off (a focusable element inside aria-hidden is an axe finding).
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Dashboard } from '@domain/admin';

const monthLabel = new Intl.DateTimeFormat('en-CA', { month: 'short', year: '2-digit', timeZone: 'UTC' });
const axis = { fontSize: 12, fill: 'var(--color-muted-foreground)' };
const tooltipStyle = { background: 'var(--color-popover)', border: '1px solid var(--color-border)', borderRadius: 8, color: 'var(--color-popover-foreground)' };

function SrTable({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <table className="sr-only">
      <caption>{caption}</caption>
      <thead><tr>{head.map((h) => <th key={h} scope="col">{h}</th>)}</tr></thead>
      <tbody>{rows.map((r) => <tr key={String(r[0])}>{r.map((c, i) => (i === 0 ? <th key={i} scope="row">{c}</th> : <td key={i}>{c}</td>))}</tr>)}</tbody>
    </table>
  );
}

export default function DashboardCharts({ data }: { data: Dashboard }) {
  const monthly = data.monthly.map((m) => ({ ...m, label: monthLabel.format(new Date(`${m.month}-01T00:00:00Z`)) }));
  return (
    <div className="grid gap-4 xl:grid-cols-3">
      <figure className="rounded-2xl border border-border bg-card p-4 xl:col-span-2">
        <figcaption className="mb-3 text-base font-bold">Sold and added, last 6 months</figcaption>
        <div aria-hidden className="h-64">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart accessibilityLayer={false} data={monthly} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" vertical={false} />
              <XAxis dataKey="label" tick={axis} tickLine={false} axisLine={false} />
              <YAxis allowDecimals={false} tick={axis} tickLine={false} axisLine={false} />
              <Tooltip contentStyle={tooltipStyle} cursor={{ fill: 'var(--color-muted)' }} />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              <Bar dataKey="added" name="Added" fill="var(--color-primary)" radius={[4, 4, 0, 0]} />
              <Bar dataKey="sold" name="Sold" fill="var(--color-accent)" radius={[4, 4, 0, 0]} />
            </BarChart>
          </ResponsiveContainer>
        </div>
        <SrTable caption="Vehicles sold and added per month" head={['Month', 'Added', 'Sold']} rows={monthly.map((m) => [m.label, m.added, m.sold])} />
      </figure>
      <figure className="rounded-2xl border border-border bg-card p-4">
        <figcaption className="mb-3 text-base font-bold">Stock by days on the lot</figcaption>
        <div aria-hidden className="h-64">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart accessibilityLayer={false} data={data.byAge} layout="vertical" margin={{ top: 4, right: 12, bottom: 0, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" horizontal={false} />
              <XAxis type="number" allowDecimals={false} tick={axis} tickLine={false} axisLine={false} />
              <YAxis type="category" dataKey="band" width={80} tick={axis} tickLine={false} axisLine={false} />
              <Tooltip contentStyle={tooltipStyle} cursor={{ fill: 'var(--color-muted)' }} />
              <Bar dataKey="count" name="Vehicles" fill="var(--color-primary)" radius={[0, 4, 4, 0]} />
            </BarChart>
          </ResponsiveContainer>
        </div>
        <SrTable caption="Vehicles in stock by days on the lot" head={['Days on lot', 'Vehicles']} rows={data.byAge.map((b) => [b.band, b.count])} />
      </figure>
      <figure className="rounded-2xl border border-border bg-card p-4 xl:col-span-3">
        <figcaption className="mb-3 text-base font-bold">Stock by body</figcaption>
        <div aria-hidden className="h-56">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart accessibilityLayer={false} data={data.byBodyType} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" vertical={false} />
              <XAxis dataKey="bodyType" tick={axis} tickLine={false} axisLine={false} />
              <YAxis allowDecimals={false} tick={axis} tickLine={false} axisLine={false} />
              <Tooltip contentStyle={tooltipStyle} cursor={{ fill: 'var(--color-muted)' }} />
              <Bar dataKey="count" name="Vehicles" fill="var(--color-primary)" radius={[4, 4, 0, 0]} />
            </BarChart>
          </ResponsiveContainer>
        </div>
        <SrTable caption="Vehicles in stock by body" head={['Body', 'Vehicles']} rows={data.byBodyType.map((b) => [b.bodyType, b.count])} />
      </figure>
    </div>
  );
}
