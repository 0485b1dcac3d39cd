import { and, eq, inArray } from 'drizzle-orm';
import { MATCH_BAND_LABELS, type MATCH_EXPORT_FORMATS, type SavedMatchResult } from '../../../../contracts/school-match';
import type { Database } from '../../../../db/client';
import { clientProfiles, schoolPrograms } from '../../../../db/schema';
import { aigcLabel } from '../../works/export/aigc';
import type { ExportedFile } from '../../works/export';
import { visibleTo } from '../programs';
import { getResult } from '../run';
import { renderMatchDocx } from './docx';
import { chinaDay, DEGREE_LABELS, METHOD_LABELS, type ProgramSource } from './labels';
import { writeXlsx, type XlsxCell } from './xlsx';

/**
 * GET /school-match/results/:id/export: the caller's saved run as a Word document or an Excel
 * sheet (issue 26). Another account's run reads as missing (404), as everywhere. A run has at
 * most RUN_LIMIT_MAX items, so both files are written on the request's thread.
 */

const CONTENT_TYPES = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export const XLSX_HEADER = [
  '学校',
  '项目',
  '中文名',
  '学位',
  '国家',
  '分档',
  '概率下限',
  '概率中值',
  '概率上限',
  '方法',
  '差距',
  '学费(美元)',
  '生活费(美元)',
  '是否在预算内',
] as const;
const XLSX_WIDTHS = [32, 32, 18, 8, 14, 8, 10, 10, 10, 22, 40, 12, 12, 12];

/** The student's name when the run was for a student of the caller's, else 申请人. */
async function studentNameOf(db: Database, userId: string, result: SavedMatchResult): Promise<string> {
  if (!result.clientProfileId) return '申请人';
  const [row] = await db
    .select({ name: clientProfiles.name })
    .from(clientProfiles)
    .where(and(eq(clientProfiles.id, result.clientProfileId), eq(clientProfiles.userId, userId)));
  return row?.name.trim() || '申请人';
}

/** Where each program's data comes from, for the programs the caller can still see. */
async function sourcesOf(db: Database, userId: string, result: SavedMatchResult): Promise<Map<string, ProgramSource>> {
  const ids = [...new Set(result.items.map((i) => i.programId))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: schoolPrograms.id,
      source: schoolPrograms.source,
      verifiedAt: schoolPrograms.verifiedAt,
      url: schoolPrograms.officialUrl,
    })
    .from(schoolPrograms)
    .where(and(inArray(schoolPrograms.id, ids), visibleTo(userId)));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        text: [`来源：${r.source ?? '未注明'}`, `核实日期：${r.verifiedAt ?? '未注明'}`, r.url && `官网：${r.url}`]
          .filter(Boolean)
          .join('；'),
      },
    ]),
  );
}

export function matchXlsx(result: SavedMatchResult): Buffer {
  const rows = result.items.map((item): XlsxCell[] => [
    item.school,
    item.program,
    item.programZh,
    DEGREE_LABELS[item.degree],
    item.country,
    MATCH_BAND_LABELS[item.band],
    item.probability ? { percent: item.probability.low } : null,
    item.probability ? { percent: item.probability.mid } : null,
    item.probability ? { percent: item.probability.high } : null,
    METHOD_LABELS[item.method],
    item.gaps.map((g) => g.text).join('；'),
    item.cost?.tuitionUsd ?? null,
    item.cost?.livingUsd ?? null,
    item.cost?.withinBudget == null ? null : item.cost.withinBudget ? '是' : '否',
  ]);
  return writeXlsx({ name: '选校清单', header: XLSX_HEADER, rows, widths: XLSX_WIDTHS });
}

export async function exportMatchResult(
  db: Database,
  userId: string,
  id: string,
  query: { format: (typeof MATCH_EXPORT_FORMATS)[number] },
): Promise<ExportedFile> {
  const result = await getResult(db, userId, id);
  const studentName = await studentNameOf(db, userId, result);
  const filename = `选校方案-${studentName}-${chinaDay(result.createdAt).replace(/-/g, '')}.${query.format}`;
  if (query.format === 'xlsx') return { body: matchXlsx(result), contentType: CONTENT_TYPES.xlsx, filename };
  const body = await renderMatchDocx({
    title: `选校方案 · ${studentName}`,
    studentName,
    result,
    sources: await sourcesOf(db, userId, result),
    // The narrative is a language model's: the file carries the AIGC label (ADR 0029).
    label: result.narrative ? aigcLabel({ generated: true, offline: false }, result.id) : null,
  });
  return { body, contentType: CONTENT_TYPES.docx, filename };
}
