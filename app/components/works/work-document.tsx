import { Box, Heading, Text } from '@chakra-ui/react';
import type { CSSProperties, ReactNode } from 'react';
import type { EditorBlock, InlineContent } from '../../../contracts/works';

/**
 * The editor document (spec §3) read-only, rendered on the server: headings, paragraphs, bullet and
 * numbered lists (runs of sibling items, nested through children), quotes; bold, italic,
 * underline, strike, code, text and background colours, alignment. Text is React text, never HTML.
 */

/** The editor's colour names → readable colours (text) and soft fills (background). */
const TEXT_COLORS: Record<string, string> = {
  gray: '#6b7280',
  brown: '#92400e',
  red: '#dc2626',
  orange: '#ea580c',
  yellow: '#ca8a04',
  green: '#16a34a',
  blue: '#2563eb',
  purple: '#9333ea',
  pink: '#db2777',
};
const BACKGROUND_COLORS: Record<string, string> = {
  gray: '#f3f4f6',
  brown: '#f5ebe0',
  red: '#fee2e2',
  orange: '#ffedd5',
  yellow: '#fef9c3',
  green: '#dcfce7',
  blue: '#dbeafe',
  purple: '#f3e8ff',
  pink: '#fce7f3',
};

const LIST_TYPES = { bulletListItem: 'ul', numberedListItem: 'ol' } as const;
type ListType = keyof typeof LIST_TYPES;
const isListType = (type: string): type is ListType => type in LIST_TYPES;

function colourStyle(textColor: unknown, backgroundColor: unknown): CSSProperties {
  const style: CSSProperties = {};
  if (typeof textColor === 'string' && TEXT_COLORS[textColor]) style.color = TEXT_COLORS[textColor];
  if (typeof backgroundColor === 'string' && BACKGROUND_COLORS[backgroundColor]) style.backgroundColor = BACKGROUND_COLORS[backgroundColor];
  return style;
}

function Inline({ item }: { item: InlineContent }) {
  const s = item.styles;
  let node: ReactNode = item.text;
  if (s.code) node = <code>{node}</code>;
  if (s.bold) node = <strong>{node}</strong>;
  if (s.italic) node = <em>{node}</em>;
  if (s.underline) node = <u>{node}</u>;
  if (s.strike) node = <s>{node}</s>;
  if (item.type === 'link' && item.href && /^(https?:|mailto:)/i.test(item.href)) {
    node = (
      <a href={item.href} target="_blank" rel="noopener noreferrer nofollow">
        {node}
      </a>
    );
  }
  const style = colourStyle(s.textColor, s.backgroundColor);
  return Object.keys(style).length ? <span style={style}>{node}</span> : <>{node}</>;
}

function InlineRun({ content }: { content: InlineContent[] }) {
  return (
    <>
      {content.map((item, i) => (
        <Inline key={i} item={item} />
      ))}
    </>
  );
}

function blockStyle(block: EditorBlock): CSSProperties {
  return {
    ...colourStyle(block.props.textColor, block.props.backgroundColor),
    ...(block.props.textAlignment !== 'left' && { textAlign: block.props.textAlignment }),
  };
}

function Block({ block }: { block: EditorBlock }) {
  const style = blockStyle(block);
  const inline = <InlineRun content={block.content} />;
  const children = block.children.length > 0 ? <Blocks blocks={block.children} nested /> : null;
  if (block.type === 'heading') {
    const level = Math.min(Math.max(block.props.level ?? 2, 1), 4);
    // The page's own title is the h1: a document heading starts at h2.
    const as = `h${Math.min(level + 1, 6)}` as 'h2' | 'h3' | 'h4' | 'h5';
    return (
      <>
        <Heading as={as} size={(['xl', 'lg', 'md', 'sm'] as const)[level - 1]} mt="5" mb="2" style={style}>
          {inline}
        </Heading>
        {children}
      </>
    );
  }
  if (block.type === 'quote') {
    return (
      <Box as="blockquote" borderStartWidth="3px" borderColor="gray.300" ps="4" color="gray.700" my="3" style={style}>
        <Text>{inline}</Text>
        {children}
      </Box>
    );
  }
  if (block.type === 'codeBlock') {
    return (
      <Box as="pre" bg="gray.50" rounded="md" p="3" my="3" fontSize="sm" whiteSpace="pre-wrap" style={style}>
        {block.content.map((c) => c.text).join('')}
      </Box>
    );
  }
  if (isListType(block.type)) {
    return (
      <li style={style}>
        {inline}
        {children}
      </li>
    );
  }
  // Paragraphs, and any block type this view does not know, read as paragraphs.
  return (
    <>
      <Text my="2.5" minH="1lh" style={style} whiteSpace="pre-wrap">
        {inline}
      </Text>
      {children}
    </>
  );
}

/** Groups runs of sibling list items of one kind into one <ul> or <ol>. */
function Blocks({ blocks, nested = false }: { blocks: EditorBlock[]; nested?: boolean }) {
  const out: ReactNode[] = [];
  for (let i = 0; i < blocks.length;) {
    const block = blocks[i]!;
    if (isListType(block.type)) {
      const run: EditorBlock[] = [];
      while (i < blocks.length && blocks[i]!.type === block.type) run.push(blocks[i++]!);
      out.push(
        <Box
          key={block.id}
          as={LIST_TYPES[block.type]}
          ps="6"
          my={nested ? '1' : '2.5'}
          listStyleType={block.type === 'numberedListItem' ? 'decimal' : 'disc'}
          css={{ '& > li': { marginBlock: '0.25rem' } }}
        >
          {run.map((item) => (
            <Block key={item.id} block={item} />
          ))}
        </Box>,
      );
      continue;
    }
    out.push(<Block key={block.id} block={block} />);
    i++;
  }
  return <>{out}</>;
}

export function WorkDocument({ blocks, testId }: { blocks: EditorBlock[]; testId?: string }) {
  if (blocks.length === 0) {
    return (
      <Text color="gray.500" data-testid={testId}>
        （空白文档）
      </Text>
    );
  }
  return (
    <Box lineHeight="1.8" color="gray.800" overflowWrap="anywhere" data-testid={testId}>
      <Blocks blocks={blocks} />
    </Box>
  );
}
