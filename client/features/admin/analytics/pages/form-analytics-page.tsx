// /admin/form-analytics (spec §2; issue 6): form starts, completions, abandonment by step, exit-intent triggers and
// page-leave time, from our own first-party events (modules/analytics). Recharts loads with this page only (the
// route is lazy). Every chart has its numbers in a table beside it for screen readers and exact reading.
import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { errorMessage } from '@/lib/api-client';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { TableScroll } from '@/components/ui/table-scroll';
import { useFormAnalytics } from '../api/get-form-analytics';
import { DEFAULT_ANALYTICS_DAYS } from '../api/get-form-analytics';
import { WebVitalsSection } from '../components/web-vitals-section';

const pct = (n: number, d: number) => (d ? `${Math.round((n / d) * 100)}%` : '—');
const seconds = (ms: number | null) => (ms === null ? '—' : ms < 60_000 ? `${Math.round(ms / 1000)} s` : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`);
const CHART = { primary: 'var(--color-primary)', accent: 'var(--color-accent, #d97706)', muted: 'var(--color-muted-foreground)' };

function Stat({ label, value, sub }: { label: string; value: string; sub?: string }) {
  return (
    <div className="rounded-xl border border-border bg-card p-4">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="mt-1 text-2xl font-extrabold tabular-nums">{value}</p>
      {sub && <p className="text-xs text-muted-foreground">{sub}</p>}
    </div>
  );
}

export default function FormAnalyticsPage() {
  const [days, setDays] = useState(DEFAULT_ANALYTICS_DAYS);
  const { data, isPending, isError, error } = useFormAnalytics(days);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8">
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Form analytics</h1>
          <p className="mt-1 text-muted-foreground">First-party and anonymous: a form name, a step and a random per-visit id. Visitors with Global Privacy Control are not counted.</p>
        </div>
        <label className="grid gap-1 text-sm font-medium">
          Period
          <Select value={days} onChange={(e) => setDays(Number(e.target.value))} className="w-40">
            {[7, 30, 90, 365].map((d) => <option key={d} value={d}>Last {d} days</option>)}
          </Select>
        </label>
      </header>

      {isError ? (
        <p role="alert" className="rounded-lg border border-destructive/40 p-4 text-sm">{errorMessage(error, 'Could not load the analytics.')}</p>
      ) : isPending ? (
        <div className="grid gap-4"><Skeleton className="h-24" /><Skeleton className="h-72" /></div>
      ) : (
        <div className="grid gap-6">
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <Stat label="Form starts" value={String(data.forms.reduce((s, f) => s + f.starts, 0))} />
            <Stat label="Completions" value={String(data.forms.reduce((s, f) => s + f.completions, 0))}
              sub={`${pct(data.forms.reduce((s, f) => s + f.completions, 0), data.forms.reduce((s, f) => s + f.starts, 0))} of starts`} />
            <Stat label="Exit-intent shown" value={String(data.exitIntent.shown)} />
            <Stat label="Page leaves after 30 s" value={String(data.exitIntent.pageLeaves)} sub={`median time on site ${seconds(data.exitIntent.medianLeaveMs)}`} />
          </div>

          <section aria-labelledby="funnel-title" className="rounded-xl border border-border bg-card p-5">
            <h2 id="funnel-title" className="mb-4 text-lg font-bold">Starts, completions and abandons by form</h2>
            <div className="h-72" aria-hidden>
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={data.forms} accessibilityLayer={false}>
                  <CartesianGrid strokeDasharray="3 3" opacity={0.3} />
                  <XAxis dataKey="label" tick={{ fontSize: 12 }} />
                  <YAxis allowDecimals={false} />
                  <Tooltip />
                  <Legend />
                  <Bar dataKey="starts" name="Starts" fill={CHART.muted} />
                  <Bar dataKey="completions" name="Completions" fill={CHART.primary} />
                  <Bar dataKey="abandons" name="Abandons" fill={CHART.accent} />
                </BarChart>
              </ResponsiveContainer>
            </div>
            <TableScroll className="mt-4">
            <table className="w-full text-sm">
              <caption className="sr-only">Starts, completions and abandons by form</caption>
              <thead><tr className="border-b border-border text-left"><th scope="col" className="py-2">Form</th><th scope="col">Starts</th><th scope="col">Completions</th><th scope="col">Completion rate</th><th scope="col">Abandons</th></tr></thead>
              <tbody>
                {data.forms.map((f) => (
                  <tr key={f.form} className="border-b border-border last:border-0 tabular-nums">
                    <th scope="row" className="py-2 text-left font-medium">{f.label}</th><td>{f.starts}</td><td>{f.completions}</td><td>{pct(f.completions, f.starts)}</td><td>{f.abandons}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            </TableScroll>
          </section>

          <section aria-labelledby="steps-title" className="rounded-xl border border-border bg-card p-5">
            <h2 id="steps-title" className="mb-4 text-lg font-bold">Abandonment by step</h2>
            <div className="grid gap-6 md:grid-cols-2">
              {data.forms.filter((f) => f.steps.length > 0 || f.abandonedAt.length > 0).map((f) => {
                const rows = [...new Set([...f.steps.map((s) => s.step), ...f.abandonedAt.map((s) => s.step)])].map((step) => ({
                  step, reached: f.steps.find((s) => s.step === step)?.sessions ?? 0, abandoned: f.abandonedAt.find((s) => s.step === step)?.sessions ?? 0,
                }));
                return (
                  <div key={f.form}>
                    <h3 className="mb-2 font-semibold">{f.label}</h3>
                    <div className="h-56" aria-hidden>
                      <ResponsiveContainer width="100%" height="100%">
                        <BarChart data={rows} layout="vertical" margin={{ left: 24 }} accessibilityLayer={false}>
                          <CartesianGrid strokeDasharray="3 3" opacity={0.3} />
                          <XAxis type="number" allowDecimals={false} />
                          <YAxis type="category" dataKey="step" width={100} tick={{ fontSize: 12 }} />
                          <Tooltip />
                          <Bar dataKey="reached" name="Reached" fill={CHART.primary} />
                          <Bar dataKey="abandoned" name="Left here" fill={CHART.accent} />
                        </BarChart>
                      </ResponsiveContainer>
                    </div>
                    <table className="mt-2 w-full text-sm">
                      <caption className="sr-only">{f.label}: sessions reaching and leaving at each step</caption>
                      <thead><tr className="border-b border-border text-left"><th scope="col" className="py-1">Step</th><th scope="col">Reached</th><th scope="col">Left here</th></tr></thead>
                      <tbody>{rows.map((r) => <tr key={r.step} className="tabular-nums"><th scope="row" className="py-1 text-left font-medium">{r.step}</th><td>{r.reached}</td><td>{r.abandoned}</td></tr>)}</tbody>
                    </table>
                  </div>
                );
              })}
              {data.forms.every((f) => f.steps.length === 0 && f.abandonedAt.length === 0) && <p className="text-muted-foreground">No step events in this period yet.</p>}
            </div>
          </section>

          <WebVitalsSection days={days} />

          <div className="grid gap-6 lg:grid-cols-2">
            <section aria-labelledby="leave-title" className="rounded-xl border border-border bg-card p-5">
              <h2 id="leave-title" className="mb-4 text-lg font-bold">Time on site when leaving (no exit-intent shown)</h2>
              <div className="h-56" aria-hidden>
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={data.leaveTimes} accessibilityLayer={false}>
                    <CartesianGrid strokeDasharray="3 3" opacity={0.3} />
                    <XAxis dataKey="bucket" tick={{ fontSize: 12 }} />
                    <YAxis allowDecimals={false} />
                    <Tooltip />
                    <Bar dataKey="count" name="Visits" fill={CHART.primary} />
                  </BarChart>
                </ResponsiveContainer>
              </div>
              <table className="mt-2 w-full text-sm">
                <caption className="sr-only">Page leaves by time on site</caption>
                <tbody>{data.leaveTimes.map((b) => <tr key={b.bucket} className="tabular-nums"><th scope="row" className="py-1 text-left font-medium">{b.bucket}</th><td>{b.count}</td></tr>)}</tbody>
              </table>
            </section>

            <section aria-labelledby="daily-title" className="rounded-xl border border-border bg-card p-5">
              <h2 id="daily-title" className="mb-4 text-lg font-bold">Per day</h2>
              {data.daily.length === 0 ? <p className="text-muted-foreground">No events in this period yet.</p> : (
                <>
                  <div className="h-56" aria-hidden>
                    <ResponsiveContainer width="100%" height="100%">
                      <LineChart data={data.daily} accessibilityLayer={false}>
                        <CartesianGrid strokeDasharray="3 3" opacity={0.3} />
                        <XAxis dataKey="day" tick={{ fontSize: 11 }} />
                        <YAxis allowDecimals={false} />
                        <Tooltip />
                        <Legend />
                        <Line type="monotone" dataKey="pageViews" name="Page views" stroke={CHART.muted} dot={false} />
                        <Line type="monotone" dataKey="starts" name="Form starts" stroke={CHART.accent} dot={false} />
                        <Line type="monotone" dataKey="completions" name="Completions" stroke={CHART.primary} dot={false} />
                      </LineChart>
                    </ResponsiveContainer>
                  </div>
                  <p className="mt-2 text-sm text-muted-foreground">Top pages: {data.topPages.slice(0, 5).map((p) => `${p.path} (${p.views})`).join(', ') || '—'}</p>
                </>
              )}
            </section>
          </div>
        </div>
      )}
    </div>
  );
}
