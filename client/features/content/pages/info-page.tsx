// Info pages of spec §2 (one component, one topic per route). Placeholder until the content issue writes them.
import { ComingSoon } from '@/components/coming-soon';

export const INFO_TOPICS = {
  'car-buying-tips': { title: 'Car buying tips', description: 'Practical advice for buying a vehicle in Alberta will be here.' },
  'car-loans': { title: 'Car loans', description: 'How our car loans work, with rates, terms and down payments explained, will be here.' },
  'credit-rebuilding': { title: 'Credit rebuilding', description: 'How a car loan can help rebuild your credit will be explained here.' },
  'first-time-buyers': { title: 'First-time buyers', description: 'Financing options for first-time buyers will be explained here.' },
  'first-time-buyers-guide': { title: "First-time buyer's guide", description: 'A step-by-step guide to buying your first vehicle will be here.' },
  'bad-credit-loans': { title: 'Bad credit car loans', description: 'Financing options when your credit is bruised will be explained here.' },
} as const;
export type InfoTopic = keyof typeof INFO_TOPICS;

export default function InfoPage({ topic }: { topic: InfoTopic }) {
  const { title, description } = INFO_TOPICS[topic];
  return <ComingSoon title={title} description={description} />;
}
