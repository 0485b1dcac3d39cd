import { Badge, Box, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { MATCH_BAND_LABELS } from '../../../contracts/school-match-constants';
import type { MatchItem } from '../../../contracts/school-match';
import { AppDialog } from '~/components/ui/app-dialog';
import { BAND_PALETTES, DEGREE_LABELS, METHOD_LABELS, probabilityText, programName, topGap, usd } from '~/services/school-match';

const ROWS: Array<[string, (i: MatchItem) => ReactNode]> = [
  ['项目', (i) => programName(i)],
  ['学位', (i) => DEGREE_LABELS[i.degree]],
  ['国家/地区', (i) => i.country ?? '未知'],
  [
    '分档',
    (i) => (
      <Badge colorPalette={BAND_PALETTES[i.band]} size="sm">
        {MATCH_BAND_LABELS[i.band]}
      </Badge>
    ),
  ],
  ['录取概率', (i) => probabilityText(i)],
  ['概率依据', (i) => METHOD_LABELS[i.method]],
  ['学费/年', (i) => usd(i.cost?.tuitionUsd)],
  ['生活费/年', (i) => usd(i.cost?.livingUsd)],
  ['预算', (i) => (i.cost?.withinBudget == null ? '未知' : i.cost.withinBudget ? '在预算内' : '超出预算')],
  ['主要差距', (i) => topGap(i) ?? '—'],
  [
    '要求比对',
    (i) =>
      i.evidence
        .filter((e) => e.kind === 'requirement')
        .map((e, n) => (
          <Text key={n} fontSize="xs">
            {e.text}
          </Text>
        )),
  ],
];

/** 对比: up to four programs side by side, one column each; the table scrolls sideways on a narrow screen. */
export function CompareDialog({ items, open, onClose }: { items: MatchItem[]; open: boolean; onClose: () => void }) {
  return (
    <AppDialog
      title={`对比 ${items.length} 个项目`}
      open={open}
      onOpenChange={(e) => !e.open && onClose()}
      size={{ base: 'full', md: 'xl', xl: 'cover' }}
      testId="compare-dialog"
      contentProps={{ maxW: { xl: '6xl' } }}
    >
      <Text fontSize="xs" color="gray.500" mb="2" display={{ base: 'block', lg: 'none' }}>
        左右滑动查看其他项目
      </Text>
      <Box overflowX="auto" data-testid="compare-scroll">
        <Table.Root size="sm" minW={`${160 + items.length * 200}px`} css={{ '& td, & th': { verticalAlign: 'top' } }}>
          <Table.Header>
            <Table.Row bg="gray.50">
              <Table.ColumnHeader w="28" position="sticky" left="0" bg="gray.50" zIndex="1"></Table.ColumnHeader>
              {items.map((i) => (
                <Table.ColumnHeader key={i.programId} minW="48">
                  {i.school}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {ROWS.map(([label, cell]) => (
              <Table.Row key={label}>
                <Table.Cell fontSize="xs" color="gray.600" position="sticky" left="0" bg="white" zIndex="1" whiteSpace="nowrap">
                  {label}
                </Table.Cell>
                {items.map((i) => (
                  <Table.Cell key={i.programId} fontSize="sm">
                    {cell(i)}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </AppDialog>
  );
}
