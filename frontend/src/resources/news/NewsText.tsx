import { useMemo } from 'react';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import { Box, Typography, type SxProps, type Theme } from '@mui/material';
import { horizon, line } from '../../theme/theme';
import { looksLikeHtml, sanitizeNewsHtml, toParagraphs } from '../shared/sanitize';

/** Reading typography of news texts (HTML and plain text alike). */
export const readingSx: SxProps<Theme> = {
  fontSize: 15,
  lineHeight: 1.9,
  color: 'text.primary',
  wordBreak: 'break-word',
  overflowWrap: 'anywhere',
  '& p': { m: 0, mb: 1.5 },
  '& p:last-child': { mb: 0 },
  '& h1, & h2, & h3, & h4, & h5, & h6': { fontSize: 16, fontWeight: 600, lineHeight: 1.6, mt: 2, mb: 1 },
  '& img': { maxWidth: '100%', height: 'auto', display: 'block', my: 1.5, borderRadius: 1 },
  '& a': { color: 'primary.main' },
  '& blockquote': { m: 0, my: 1.5, pl: 2, borderLeft: '3px solid', borderLeftColor: horizon('border'), color: 'text.secondary' },
  '& ul, & ol': { pl: 3, my: 1 },
  '& table': { borderCollapse: 'collapse', my: 1.5, maxWidth: '100%', display: 'block', overflowX: 'auto' },
  '& td, & th': { border: line(), px: 1, py: 0.5 },
  '& pre': { whiteSpace: 'pre-wrap', bgcolor: horizon('fill'), p: 1, borderRadius: 1 },
};

export interface NewsTextProps {
  /** Untrusted HTML (rendered through DOMPurify only). */
  html?: string | null;
  /** Plain text (or text that turns out to be HTML, which is sanitised too). */
  text?: string | null;
  /** Shown when there is nothing to read. */
  empty: string;
  emptyHint?: string;
  sx?: SxProps<Theme>;
  lang?: string;
}

/** A news text: sanitised HTML, or plain text as paragraphs, or an empty state. */
export function NewsText({ html, text, empty, emptyHint, sx, lang }: NewsTextProps) {
  const rendered = useMemo(() => {
    const source = html?.trim() ? html : looksLikeHtml(text) ? text : null;
    if (source) {
      const clean = sanitizeNewsHtml(source);
      if (clean.replace(/<[^>]*>/g, '').trim() || /<img\b/i.test(clean)) return { html: clean };
    }
    const paragraphs = toParagraphs(text ?? (source ? source.replace(/<[^>]*>/g, '\n') : ''));
    return { paragraphs };
  }, [html, text]);

  if ('html' in rendered && rendered.html) {
    return <Box className="news-text" lang={lang} sx={[readingSx, ...(Array.isArray(sx) ? sx : [sx])]} dangerouslySetInnerHTML={{ __html: rendered.html }} />;
  }
  if (rendered.paragraphs?.length) {
    return (
      <Box className="news-text" lang={lang} sx={[readingSx, ...(Array.isArray(sx) ? sx : [sx])]}>
        {rendered.paragraphs.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </Box>
    );
  }
  return <TextEmpty text={empty} hint={emptyHint} />;
}

export function TextEmpty({ text, hint }: { text: string; hint?: string }) {
  return (
    <Box sx={{ py: 6, px: 2, textAlign: 'center', color: 'text.secondary' }}>
      <ArticleOutlined sx={{ fontSize: 40, color: horizon('textPlaceholder'), mb: 1 }} />
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
      {hint && (
        <Typography variant="caption" color="text.disabled" sx={{ display: 'block', mt: 0.5 }}>
          {hint}
        </Typography>
      )}
    </Box>
  );
}
