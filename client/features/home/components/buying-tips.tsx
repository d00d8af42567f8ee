// Car-buying tips for Alberta shoppers: honest, checkable advice. Lazily loaded.
import { Link } from '@/components/link';
import { ArrowRight, ClipboardCheck, FileSearch, Receipt, Snowflake } from 'lucide-react';

const TIPS = [
  {
    icon: Receipt,
    title: 'Compare all-in prices',
    body: 'In Alberta an advertised dealer price must include every fee except GST (AMVIC rules). If a dealer adds admin or documentation fees on top, ask why.',
  },
  {
    icon: FileSearch,
    title: 'Read the vehicle history',
    body: 'A Carfax Canada report shows accidents, liens, registrations across provinces and odometer records. Ask for it on any used vehicle, ours included.',
  },
  {
    icon: ClipboardCheck,
    title: 'Get an inspection',
    body: 'Have a licensed technician you trust inspect a used vehicle before you sign. A good seller welcomes it; walk away from one who refuses.',
  },
  {
    icon: Snowflake,
    title: 'Plan for winter',
    body: 'Check for a block heater and budget for winter tires: they stop shorter below 7 °C, and some insurers offer a discount for them.',
  },
];

export default function BuyingTips() {
  return (
    <section aria-labelledby="tips-title" className="mx-auto w-full max-w-7xl px-4 py-12 sm:py-16">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="tips-title" className="text-2xl font-extrabold tracking-tight sm:text-3xl">Buying smart in Alberta</h2>
          <p className="mt-1 text-muted-foreground">What we tell our own friends and family before they buy.</p>
        </div>
        <Link to="/car-buying-tips" className="inline-flex items-center gap-1 font-semibold text-primary underline-offset-4 hover:underline">
          More car-buying tips<ArrowRight className="size-4" aria-hidden />
        </Link>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {TIPS.map(({ icon: Icon, title, body }) => (
          <li key={title} className="rounded-xl border border-border bg-card p-5 shadow-sm">
            <span className="mb-3 inline-flex size-10 items-center justify-center rounded-lg bg-secondary text-primary">
              <Icon className="size-5" aria-hidden />
            </span>
            <h3 className="font-bold">{title}</h3>
            <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
