import { and, asc, count, desc, eq, isNull, max, min, ne, sql } from 'drizzle-orm';
import { strToU8, zip, type AsyncZippable } from 'fflate';
import type { Database } from '../../../db/client';
import {
  accountDeletions,
  aiDetections,
  aiOperations,
  aiReductions,
  analyticsEvents,
  announcementDismissals,
  clientProfiles,
  cvDetections,
  feedback,
  operationLogs,
  paymentOrders,
  pointsLedger,
  redemptions,
  schoolMatchCases,
  schoolMatchResults,
  schoolMatchShortlist,
  schoolPrograms,
  updateLogReads,
  users,
  workVersions,
  works,
} from '../../../db/schema';
import { ANALYTICS_RETENTION_DAYS } from '../analytics/events';
import { DomainError, notFound } from '../errors';
import { aiContentOf, aigcLabel } from '../works/export/aigc';
import { printable } from '../works/export/layout';
import { renderDocument } from '../works/export/render';

/**
 * 下载我的数据 (issue 27, ADR 0055): everything the account holds, as one zip. Every query is
 * filtered by the caller's user id. JSON for machines, DOCX for people: each work's current text
 * and each of its versions, laid out in the export threads (never on the event loop), at most
 * MAX_EXPORT_DOCX files; past that, versions are in the JSON only and README.txt says so.
 */

/** DOCX files in one export: each is a layout in an export thread (tens of milliseconds). */
export const MAX_EXPORT_DOCX = 200;
/** Exports per user and hour: each lays out documents, so it is not free in bulk. */
export const DATA_EXPORTS_PER_HOUR = 3;

export type DataExport = { filename: string; body: Buffer; contentType: 'application/zip' };

const DOCX_LEVEL = { level: 0 } as const;
const json = (value: unknown) => strToU8(JSON.stringify(value, null, 2));

/** `fields` as a JSON object with `content` set to a document that already is JSON text (and `tail` appended inside). */
function withContent(fields: Record<string, unknown>, contentJson: string, tail = ''): string {
  const head = JSON.stringify(fields, null, 2);
  const body = head.slice(1, head.lastIndexOf('}')).trim();
  return `{\n  ${body ? `${body},\n  ` : ''}"content": ${contentJson}${tail}\n}`;
}

/** A safe, short path segment: no separators or control characters, unique by its number. */
const segment = (n: number, name: string) =>
  `${String(n).padStart(3, '0')}-${(name.replace(/[\p{Cc}"\\/:*?<>|.]+/gu, '_').trim() || '未命名').slice(0, 40)}`;

const readme = (o: { exportedAt: string; works: number; docx: number; skippedDocx: number }) =>
  [
    '留学文书AI平台 · 我的数据',
    `导出时间：${o.exportedAt}（UTC）`,
    '',
    '本压缩包包含您账户中保存的全部个人信息与内容，依据《个人信息保护法》提供给您本人查阅和复制。',
    '',
    '文件说明：',
    '  profile.json              账户资料（手机号、昵称、邮箱、实名认证的脱敏信息、积分余额等；不含登录凭证）',
    '  account-deletion.json     账户注销申请的状态',
    '  students/                 学生档案：每位学生一个 JSON 文件，含档案各部分内容和上传简历识别出的文字',
    '  cv-reads.json             上传简历的识别记录（文件名、识别出的文字和字段）',
    '  works/                    我的作品：每篇作品一个文件夹',
    '      work.json             作品信息、当前正文（纯文本与编辑器格式）和全部历史版本',
    '      当前版本.docx          作品当前内容的 Word 文件',
    '      versions/v<编号>.docx  每个历史版本的 Word 文件',
    '  generation-records.json   AI 生成与处理记录（功能、模型、状态、字数、消耗积分；平台不保存提示词原文）',
    '  ai-detections.json        查AI率记录（只保存检测结果，不保存被检测的文字）',
    '  ai-reductions.json        降AI率记录（含 24 小时内可保存的改写句子）',
    '  school-match/             选校：结果（results.json）、学生选校清单（shortlist.json）、案例库（cases.json）、自建项目（programs.json）',
    '  points-ledger.json        积分明细（每一笔积分变动）',
    '  orders.json               充值订单',
    '  redemptions.json          兑换码使用记录',
    '  feedback.json             您提交的反馈',
    '  operation-logs.json       操作日志',
    `  analytics-events.json     页面访问与功能使用统计（页面、时间、事件类型；不含输入的文字，保存 ${ANALYTICS_RETENTION_DAYS} 天）`,
    '  analytics-identify-by-day.json  页面在屏幕上时每 30 秒一次的在线标识，按天（UTC）汇总：次数、第一次和最后一次的时间',
    '  notice-dismissals.json    已关闭的系统公告',
    '  update-log-reads.json     已读的更新日志',
    '',
    `本次导出共 ${o.works} 篇作品，${o.docx} 个 Word 文件。`,
    o.skippedDocx > 0
      ? `为控制导出时间，每次最多生成 ${MAX_EXPORT_DOCX} 个 Word 文件，另有 ${o.skippedDocx} 个较早的历史版本只以 JSON 形式保存在 work.json 中。`
      : '所有作品和历史版本都已生成 Word 文件。',
    '',
    '浏览器本地保存的草稿只在您自己的设备上，不在服务器中，因此不在本压缩包里。',
    '时间均为 UTC（协调世界时），北京时间 = UTC + 8 小时。',
    '',
  ].join('\r\n');

/**
 * Every row of the account but the works' versions (read per work), each query by its user id. The
 * students and works of an organisation are the organisation's, not the person's (ADR 0067).
 */
function accountRows(db: Database, userId: string) {
  return Promise.all([
    db
      .select()
      .from(clientProfiles)
      .where(and(eq(clientProfiles.userId, userId), isNull(clientProfiles.orgId)))
      .orderBy(asc(clientProfiles.createdAt)),
    db.select().from(cvDetections).where(eq(cvDetections.userId, userId)).orderBy(asc(cvDetections.createdAt)),
    db
      .select({
        id: works.id,
        type: works.type,
        title: works.title,
        clientProfileId: works.clientProfileId,
        plainText: works.plainText,
        wordCount: works.wordCount,
        charCount: works.charCount,
        aiRate: works.aiRate,
        aiLabel: works.aiLabel,
        contentJson: sql<string>`${works.content}::text`,
        createdAt: works.createdAt,
        updatedAt: works.updatedAt,
      })
      .from(works)
      .where(and(eq(works.userId, userId), isNull(works.orgId)))
      .orderBy(asc(works.createdAt)),
    db.select().from(aiOperations).where(eq(aiOperations.userId, userId)).orderBy(asc(aiOperations.createdAt)),
    db.select().from(aiDetections).where(eq(aiDetections.userId, userId)).orderBy(asc(aiDetections.createdAt)),
    db.select().from(aiReductions).where(eq(aiReductions.userId, userId)).orderBy(asc(aiReductions.createdAt)),
    db.select().from(schoolMatchResults).where(eq(schoolMatchResults.userId, userId)).orderBy(asc(schoolMatchResults.createdAt)),
    db.select().from(schoolMatchShortlist).where(eq(schoolMatchShortlist.userId, userId)).orderBy(asc(schoolMatchShortlist.createdAt)),
    db.select().from(schoolMatchCases).where(eq(schoolMatchCases.userId, userId)).orderBy(asc(schoolMatchCases.createdAt)),
    db.select().from(schoolPrograms).where(eq(schoolPrograms.userId, userId)),
    db.select().from(pointsLedger).where(eq(pointsLedger.userId, userId)).orderBy(asc(pointsLedger.createdAt)),
    db.select().from(paymentOrders).where(eq(paymentOrders.userId, userId)).orderBy(asc(paymentOrders.createdAt)),
    db.select().from(redemptions).where(eq(redemptions.userId, userId)).orderBy(asc(redemptions.createdAt)),
    db.select().from(feedback).where(eq(feedback.userId, userId)).orderBy(asc(feedback.createdAt)),
    db.select().from(operationLogs).where(eq(operationLogs.userId, userId)).orderBy(asc(operationLogs.createdAt)),
    db.select().from(accountDeletions).where(eq(accountDeletions.userId, userId)).orderBy(desc(accountDeletions.requestedAt)),
    db
      .select()
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.userId, userId), ne(analyticsEvents.type, 'identify')))
      .orderBy(asc(analyticsEvents.occurredAt)),
    identifyByDay(db, userId),
    db
      .select()
      .from(announcementDismissals)
      .where(eq(announcementDismissals.userId, userId))
      .orderBy(asc(announcementDismissals.dismissedAt)),
    db.select().from(updateLogReads).where(eq(updateLogReads.userId, userId)).orderBy(asc(updateLogReads.readAt)),
  ]);
}

/**
 * The tracker's identify heartbeats (every 30 s while a page is on screen: 120 an hour, some
 * 170,000 in the 180 days kept for a full-time user) as one line a day: listed one by one they
 * would make the export's JSON, built on the event loop, ten times larger for nothing more.
 */
function identifyByDay(db: Database, userId: string) {
  const day = sql<string>`to_char(${analyticsEvents.occurredAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({ day, count: count(), first: min(analyticsEvents.occurredAt), last: max(analyticsEvents.occurredAt) })
    .from(analyticsEvents)
    .where(and(eq(analyticsEvents.userId, userId), eq(analyticsEvents.type, 'identify')))
    .groupBy(day)
    .orderBy(day);
}

type WorkRow = Awaited<ReturnType<typeof accountRows>>[2][number];

/** Each work's folder: work.json with every version, and its DOCX files while the bound allows. */
async function addWorks(db: Database, files: AsyncZippable, workRows: WorkRow[]): Promise<{ docx: number; skippedDocx: number }> {
  // Each work's versions, read one work at a time: a large history is never all in memory at once.
  let docx = 0;
  let skippedDocx = 0;
  for (const [i, work] of workRows.entries()) {
    const folder = `works/${segment(i + 1, work.title)}`;
    const versions = await db
      .select({
        id: workVersions.id,
        number: workVersions.number,
        source: workVersions.source,
        title: workVersions.title,
        plainText: workVersions.plainText,
        wordCount: workVersions.wordCount,
        charCount: workVersions.charCount,
        contentJson: sql<string>`${workVersions.content}::text`,
        createdAt: workVersions.createdAt,
      })
      .from(workVersions)
      .where(eq(workVersions.workId, work.id))
      .orderBy(desc(workVersions.number));
    const { contentJson, ...meta } = work;
    // The documents go in as the database's own JSON text: parsing and serialising up to 200
    // versions of 200,000 characters again would hold the event loop for a second.
    const versionsJson = versions.map(({ contentJson: versionJson, ...v }) => withContent(v, versionJson)).join(',\n');
    files[`${folder}/work.json`] = strToU8(withContent(meta, contentJson, `,\n"versions": [\n${versionsJson}\n]`));
    const label = aigcLabel(await aiContentOf(db, work.id, false), work.id);
    const layout = work.type === 'cv' ? 'cv_one_page' : 'essay';
    const render = (title: string, documentJson: string) =>
      renderDocument({ format: 'docx', title: printable(title), layout, label, document: { json: documentJson } });
    const documents = [{ path: `${folder}/当前版本.docx`, title: work.title, json: contentJson }].concat(
      versions.map((v) => ({ path: `${folder}/versions/v${v.number}.docx`, title: v.title, json: v.contentJson })),
    );
    for (const document of documents) {
      if (docx >= MAX_EXPORT_DOCX) {
        skippedDocx++;
        continue;
      }
      try {
        files[document.path] = [new Uint8Array(await render(document.title, document.json)), DOCX_LEVEL];
        docx++;
      } catch (error) {
        // A document too large to lay out is still in work.json; the export goes on.
        if (!(error instanceof DomainError)) throw error;
        skippedDocx++;
      }
    }
  }

  return { docx, skippedDocx };
}

/** The caller's data as a zip. */
export async function buildDataExport(db: Database, userId: string, now = new Date()): Promise<DataExport> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || user.deletedAt) throw notFound('用户不存在');
  const [
    students,
    cvReads,
    workRows,
    operations,
    detections,
    reductions,
    results,
    shortlist,
    cases,
    programs,
    ledger,
    orders,
    redeemed,
    feedbackRows,
    logs,
    deletion,
    analytics,
    identified,
    dismissals,
    reads,
  ] = await accountRows(db, userId);

  const files: AsyncZippable = {};
  files['profile.json'] = json({
    id: user.id,
    phone: user.phone,
    username: user.username,
    name: user.name,
    email: user.email,
    avatar: user.avatar,
    gender: user.gender,
    position: user.position,
    role: user.role,
    wechatNickname: user.wechatNickname,
    wechatBound: user.wechatOpenid !== null,
    idVerifiedAt: user.idVerifiedAt,
    idRealNameMasked: user.idRealNameMasked,
    idNumberMasked: user.idNumberMasked,
    points: user.pointsCents / 100,
    inviteCode: user.inviteCode,
    createdAt: user.createdAt,
    lastLoginAt: user.lastLoginAt,
    selectedModelId: user.selectedModelId,
  });
  files['account-deletion.json'] = json(deletion.map(({ userId: _u, ...row }) => row));
  students.forEach((s, i) => {
    const { userId: _u, searchText: _s, ...row } = s;
    files[`students/${segment(i + 1, s.name)}.json`] = json(row);
  });
  files['cv-reads.json'] = json(cvReads.map(({ userId: _u, reservationId: _r, ...row }) => row));

  const { docx, skippedDocx } = await addWorks(db, files, workRows);
  files['generation-records.json'] = json(operations.map(({ userId: _u, ...row }) => row));
  files['ai-detections.json'] = json(detections.map(({ userId: _u, ...row }) => row));
  files['ai-reductions.json'] = json(reductions.map(({ userId: _u, ...row }) => row));
  files['school-match/results.json'] = json(results.map(({ userId: _u, ...row }) => row));
  files['school-match/shortlist.json'] = json(shortlist.map(({ userId: _u, ...row }) => row));
  files['school-match/cases.json'] = json(cases.map(({ userId: _u, ...row }) => row));
  files['school-match/programs.json'] = json(programs.map(({ userId: _u, ...row }) => row));
  files['points-ledger.json'] = json(
    ledger.map((r) => ({
      id: r.id,
      type: r.type,
      source: r.source,
      status: r.status,
      points: r.pointsCents / 100,
      balanceAfter: r.balanceAfterCents / 100,
      description: r.description,
      errorMessage: r.errorMessage,
      relatedId: r.relatedId,
      createdAt: r.createdAt,
    })),
  );
  files['orders.json'] = json(orders.map(({ userId: _u, codeUrl: _c, ...row }) => row));
  files['redemptions.json'] = json(redeemed.map(({ userId: _u, ...row }) => row));
  files['feedback.json'] = json(feedbackRows.map(({ userId: _u, ...row }) => row));
  files['operation-logs.json'] = json(logs.map(({ userId: _u, ...row }) => row));
  files['analytics-events.json'] = json(analytics.map(({ userId: _u, batchId: _b, batchSeq: _s, ...row }) => row));
  files['analytics-identify-by-day.json'] = json(identified);
  files['notice-dismissals.json'] = json(dismissals.map(({ userId: _u, ...row }) => row));
  files['update-log-reads.json'] = json(reads.map(({ userId: _u, ...row }) => row));
  const exportedAt = now.toISOString();
  files['README.txt'] = strToU8(readme({ exportedAt, works: workRows.length, docx, skippedDocx }));

  // fflate's async zip compresses large files in worker threads: the event loop only collects.
  const body = await new Promise<Uint8Array>((resolve, reject) =>
    zip(files, { level: 6 }, (error, data) => (error ? reject(error) : resolve(data))),
  );
  return {
    filename: `我的数据-${exportedAt.slice(0, 10)}.zip`,
    body: Buffer.from(body.buffer, body.byteOffset, body.byteLength),
    contentType: 'application/zip',
  };
}
