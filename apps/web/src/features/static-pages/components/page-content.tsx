/**
 * The page body as the server sends it. The server sanitizes this HTML (DESIGN.md, pages), so it is
 * rendered as is and styled as long-form text.
 */
export function PageContent({ html }: { html: string }) {
  return <div className="prose-page" dangerouslySetInnerHTML={{ __html: html }} />;
}
