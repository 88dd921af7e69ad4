import Box from '@mui/material/Box';
import { parseStatMarkup } from '@/lib/stat-markup';

interface StatTextProps {
  text: string;
  /** 'plain': bold and italic only (item display); 'highlight': also coloured (mutators, monsters). */
  tone?: 'plain' | 'highlight';
}

/** One stat line with `{bold}` and `[italic]` markup, rendered as text (never as HTML). */
export function StatText({ text, tone = 'plain' }: StatTextProps) {
  const coloured = tone === 'highlight';
  return (
    <>
      {parseStatMarkup(text).map((segment, index) => {
        if (segment.kind === 'primary') {
          return (
            <Box
              component="strong"
              key={index}
              sx={coloured ? { color: 'primary.light', fontWeight: 700 } : { fontWeight: 700 }}
            >
              {segment.text}
            </Box>
          );
        }
        if (segment.kind === 'secondary') {
          return (
            <Box component="em" key={index} sx={coloured ? { color: 'secondary.light' } : undefined}>
              {segment.text}
            </Box>
          );
        }
        return <span key={index}>{segment.text}</span>;
      })}
    </>
  );
}
