// The reports' trend chart. Default-exported so the screen can lazy-load it: recharts is a large
// library and only the reports need it.
import { Area, AreaChart, Bar, CartesianGrid, ComposedChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney, formatMoneyCompact, formatNumber } from '@donaciones/shared/format';
import { adminMessages } from '@donaciones/shared/messages/admin';
import type { Analytics } from '@donaciones/shared/schemas/admin';
import { trendLabel } from './trend-label';

const rep = adminMessages.reports;

/**
 * Room for the widest amount label ("Q12.5 mil"): the top tick may round above the largest amount,
 * so the label of a quarter more is measured too, at ~7.5 px a character of the 12 px axis font.
 */
export function axisWidth(amounts: number[]): number {
  const top = Math.max(0, ...amounts);
  const longest = Math.max(...[top, top * 1.25].map((v) => formatMoneyCompact(v).length));
  return Math.ceil(longest * 7.5) + 12;
}

export default function TrendChart({ analytics }: { analytics: Analytics }) {
  const data = analytics.trends.map((t) => ({ ...t, label: trendLabel(t.date, analytics.granularity, true), full: trendLabel(t.date, analytics.granularity) }));
  const bars = data.length <= 12;
  const Chart = bars ? ComposedChart : AreaChart;
  return (
    <div className="h-72 w-full" role="img" aria-label={adminMessages.reportsUi.chartLabel}>
      <ResponsiveContainer width="100%" height="100%">
        <Chart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <defs>
            <linearGradient id="trend-fill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor="#1f8582" stopOpacity={0.35} />
              <stop offset="100%" stopColor="#1f8582" stopOpacity={0.02} />
            </linearGradient>
          </defs>
          <CartesianGrid vertical={false} stroke="#e9e0d2" />
          <XAxis dataKey="label" tickLine={false} axisLine={false} tick={{ fill: '#6b655c', fontSize: 12 }} interval="preserveStartEnd" minTickGap={12} />
          <YAxis
            tickLine={false}
            axisLine={false}
            width={axisWidth(data.map((d) => d.amount))}
            tick={{ fill: '#6b655c', fontSize: 12 }}
            tickFormatter={(v: number) => formatMoneyCompact(v)}
          />
          <Tooltip
            cursor={{ fill: 'rgba(13, 92, 99, 0.06)' }}
            contentStyle={{ borderRadius: 12, border: '1px solid #e9e0d2', boxShadow: '0 8px 24px -12px rgba(28,26,24,.25)' }}
            labelFormatter={(_, payload) => (payload?.[0]?.payload as { full?: string } | undefined)?.full ?? ''}
            formatter={(value, name) => (name === 'amount' ? [formatMoney(Number(value)), rep.amount] : [formatNumber(Number(value)), rep.donations])}
          />
          {bars ? (
            <Bar dataKey="amount" name="amount" fill="#1f8582" radius={[6, 6, 0, 0]} maxBarSize={48} />
          ) : (
            // Straight segments: a day's total stands alone, and a smooth curve would draw amounts
            // between the days (and below zero) that never happened.
            <Area type="linear" dataKey="amount" name="amount" stroke="#0d5c63" strokeWidth={2} fill="url(#trend-fill)" />
          )}
        </Chart>
      </ResponsiveContainer>
    </div>
  );
}
