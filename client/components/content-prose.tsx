// Rendered article and page bodies (issue 7). The HTML comes from the server's renderer, which sanitises it
// against a strict allow-list (server/modules/content/render.ts), so it is safe to insert. Shared by the public
// pages and the editor's preview, so an admin previews exactly what visitors see.
import { useNavigate } from 'react-router';
import type { MouseEvent } from 'react';
import { cn } from '@/lib/cn';

/** Typography for rendered Markdown, without a typography plugin: readable line length, spacing and tables. */
const PROSE = cn(
  'max-w-none text-base leading-7 text-foreground',
  '[&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight',
  '[&_h3]:mt-8 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-bold',
  '[&_h4]:mt-6 [&_h4]:mb-2 [&_h4]:text-lg [&_h4]:font-semibold',
  '[&_p]:my-4 [&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1.5',
  '[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:no-underline',
  '[&_strong]:font-semibold [&_blockquote]:my-6 [&_blockquote]:border-l-4 [&_blockquote]:border-primary/40 [&_blockquote]:pl-4 [&_blockquote]:italic',
  '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-sm [&_pre]:my-4 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-muted [&_pre]:p-4',
  '[&_table]:relative [&_table]:my-6 [&_table]:block [&_table]:w-full [&_table]:overflow-x-auto [&_table]:border-collapse [&_table:focus-visible]:outline-2 [&_table:focus-visible]:outline-ring [&_table]:text-sm',
  '[&_th]:border [&_th]:border-border [&_th]:bg-muted [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_th]:font-semibold',
  '[&_td]:border [&_td]:border-border [&_td]:px-3 [&_td]:py-2 [&_td]:align-top',
  '[&_img]:my-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_hr]:my-8 [&_hr]:border-border',
  '[&>*:first-child]:mt-0',
);

/** Sanitised HTML from the server; internal links navigate in the app instead of reloading the page. */
export function ContentProse({ html, className }: { html: string; className?: string }) {
  const navigate = useNavigate();
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = (e.target as HTMLElement).closest('a');
    const href = a?.getAttribute('href');
    // Same-site paths only ("/vehicles#calculator"); absolute and mailto/tel links behave as links do.
    if (!a || !href || !href.startsWith('/') || href.startsWith('//')) return;
    e.preventDefault();
    navigate(href);
  };
  return (
    // Clicks bubble from real links inside; the div itself is not interactive.
    <div className={cn(PROSE, className)} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
