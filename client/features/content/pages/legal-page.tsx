// Legal pages of spec §2. Placeholder until the legal texts are written; it must not pretend to be a policy.
import { DEALERSHIP } from '@domain/settings';
import { ComingSoon } from '@/components/coming-soon';

export const LEGAL_DOCS = {
  'terms-and-conditions': 'Terms and conditions',
  'privacy-policy': 'Privacy policy',
  'cookies-policy': 'Cookies policy',
} as const;
export type LegalDoc = keyof typeof LEGAL_DOCS;

export default function LegalPage({ doc }: { doc: LegalDoc }) {
  return (
    <ComingSoon
      title={LEGAL_DOCS[doc]}
      description={<>The full text is being prepared. For any question about it, write to <a className="text-primary underline" href={`mailto:${DEALERSHIP.email}`}>{DEALERSHIP.email}</a>.</>}
    />
  );
}
