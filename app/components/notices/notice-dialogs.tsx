import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { ExternalLink } from 'lucide-react';
import { useRef } from 'react';
import { DEFAULT_MAINTENANCE_TITLE, NOTIFICATION_TYPE_LABELS, UPDATE_TYPE_LABELS } from '../../../contracts/constants';
import type { QueuedDialogProps } from '~/components/modal-queue';
import { AppDialog } from '~/components/ui/app-dialog';
import { useNow } from '~/hooks/use-maintenance';
import { formatDateTime } from '~/services/dates';
import { formatCountdown, type MaintenanceNotice } from '~/services/maintenance';
import { noticeLink, type Notice, type NoticeUpdateLog } from '~/services/notices';

/** Spec §9 modal widths. */
export const ANNOUNCEMENT_MODAL_WIDTH = '520px';
export const UPDATE_LOG_MODAL_WIDTH = '750px';

const width = (px: string) => ({ maxW: `min(${px}, calc(100vw - 2rem))`, w: 'full' });

/** A notice's text as written: line breaks kept, nothing interpreted as markup. */
function PlainText({ children }: { children: string }) {
  return (
    <Text color="gray.700" whiteSpace="pre-wrap" overflowWrap="anywhere" lineHeight="1.8">
      {children}
    </Text>
  );
}

/** redirect_url: an app path as a Link, an http(s) address in a new tab. Following it also closes the modal. */
function NoticeLinkButton({ url, onFollow }: { url: string | null; onFollow: () => void }) {
  const link = noticeLink(url);
  if (!link) return null;
  return (
    <Button asChild variant="outline" colorPalette="blue" onClick={onFollow}>
      {link.kind === 'internal' ? (
        <Link to={link.href} data-testid="notice-link">
          查看详情
        </Link>
      ) : (
        <a href={link.href} target="_blank" rel="noopener noreferrer" data-testid="notice-link">
          查看详情 <ExternalLink size={14} />
        </a>
      )}
    </Button>
  );
}

/**
 * The announcement modal (spec §4, width 520). A notice that needs confirmation closes only with
 * 我已知晓: not by the overlay, Escape or a close button.
 */
export function AnnouncementDialog({ notice, ...dialog }: QueuedDialogProps & { notice: Notice }) {
  const close = () => dialog.onOpenChange({ open: false });
  const confirm = notice.need_confirmation;
  const ok = useRef<HTMLButtonElement>(null);
  return (
    <AppDialog
      {...dialog}
      initialFocusEl={() => ok.current}
      role={confirm ? 'alertdialog' : 'dialog'}
      closeOnInteractOutside={!confirm}
      closeOnEscape={!confirm}
      closable={!confirm}
      scrollBehavior="inside"
      placement="center"
      title={
        <HStack gap="2" align="center" flexWrap="wrap">
          <Badge colorPalette={notice.type === 'ERROR' ? 'red' : notice.type === 'WARNING' ? 'orange' : 'blue'} variant="subtle">
            {NOTIFICATION_TYPE_LABELS[notice.type]}
          </Badge>
          <Text as="span">{notice.title}</Text>
        </HStack>
      }
      testId="announcement-dialog"
      contentProps={width(ANNOUNCEMENT_MODAL_WIDTH)}
      cancelText={false}
      footer={
        <>
          <NoticeLinkButton url={notice.redirect_url} onFollow={close} />
          <Button ref={ok} colorPalette="blue" onClick={close} data-testid="announcement-ok">
            {confirm ? '我已知晓' : '我知道了'}
          </Button>
        </>
      }
    >
      <Stack gap="3">
        {notice.content ? <PlainText>{notice.content}</PlainText> : null}
        <Text fontSize="xs" color="gray.500">
          发布时间：{formatDateTime(notice.start_time ?? notice.created_at)}
        </Text>
      </Stack>
    </AppDialog>
  );
}

/**
 * The update-log modal (spec §4, width 750): title, version, type and the content, whose markdown
 * the server rendered and sanitised (app/services/pages/markdown.server.ts); the browser renders none.
 */
export function UpdateLogDialog({ log, ...dialog }: QueuedDialogProps & { log: NoticeUpdateLog }) {
  const close = () => dialog.onOpenChange({ open: false });
  return (
    <AppDialog
      {...dialog}
      scrollBehavior="inside"
      placement="center"
      title={log.title}
      testId="update-log-dialog"
      contentProps={width(UPDATE_LOG_MODAL_WIDTH)}
      cancelText={false}
      footer={
        <>
          <Button asChild variant="outline" onClick={close}>
            <Link to="/dash/system/update-logs">全部更新日志</Link>
          </Button>
          <Button colorPalette="blue" onClick={close} data-testid="update-log-ok">
            我知道了
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <HStack gap="2" flexWrap="wrap" fontSize="sm" color="gray.600">
          <Badge colorPalette="blue" variant="solid" data-testid="update-log-version">
            v{log.version.replace(/^v/i, '')}
          </Badge>
          <Badge variant="subtle">{UPDATE_TYPE_LABELS[log.update_type]}</Badge>
          {log.publish_time && <Text as="span">{formatDateTime(log.publish_time)}</Text>}
        </HStack>
        <MarkdownBody html={log.html} />
      </Stack>
    </AppDialog>
  );
}

/** Server-rendered, sanitised markdown (the only HTML this app inserts). */
export function MarkdownBody({ html }: { html: string }) {
  return (
    <Box
      data-testid="markdown-body"
      color="gray.700"
      lineHeight="1.8"
      overflowWrap="anywhere"
      css={{
        '& > * + *': { marginTop: '0.75em' },
        '& > :first-child': { marginTop: 0 },
        '& h2, & h3, & h4, & h5, & h6': { fontWeight: 'semibold', color: 'gray.900', marginTop: '1.2em' },
        '& h2': { fontSize: 'lg' },
        '& h3': { fontSize: 'md' },
        '& ul': { paddingInlineStart: '1.4em', listStyleType: 'disc' },
        '& ol': { paddingInlineStart: '1.4em', listStyleType: 'decimal' },
        '& li + li': { marginTop: '0.25em' },
        '& a': { color: 'blue.600', textDecoration: 'underline' },
        '& code': { fontFamily: 'mono', fontSize: '0.9em', bg: 'gray.100', px: '1', rounded: 'sm' },
        '& pre': { bg: 'gray.50', borderWidth: '1px', rounded: 'md', p: '3', overflowX: 'auto' },
        '& pre code': { bg: 'transparent', px: '0' },
        '& blockquote': { borderInlineStartWidth: '3px', borderColor: 'gray.300', paddingInlineStart: '3', color: 'gray.600' },
        '& table': { borderCollapse: 'collapse', display: 'block', overflowX: 'auto' },
        '& th, & td': { borderWidth: '1px', px: '2', py: '1' },
        '& th': { bg: 'gray.50', fontWeight: 'semibold', textAlign: 'start' },
        // Table alignment arrives as data-align (the sanitiser allows no style attribute).
        '& [data-align=center]': { textAlign: 'center' },
        '& [data-align=right]': { textAlign: 'end' },
        '& h4, & h5, & h6': { fontSize: 'sm' },
        '& hr': { borderColor: 'gray.200', marginBlock: '1.5em' },
        '& img': { maxW: 'full' },
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** The maintenance modal at 60 s or less before the start (spec §4), counting down. */
export function MaintenanceDialog({ notice, ...dialog }: QueuedDialogProps & { notice: MaintenanceNotice }) {
  const now = useNow(true);
  const start = Date.parse(notice.start_time ?? '');
  const close = () => dialog.onOpenChange({ open: false });
  return (
    <AppDialog
      {...dialog}
      role="alertdialog"
      placement="center"
      title={notice.title || DEFAULT_MAINTENANCE_TITLE}
      testId="maintenance-dialog"
      contentProps={width(ANNOUNCEMENT_MODAL_WIDTH)}
      cancelText={false}
      footer={
        <Button colorPalette="orange" onClick={close} data-testid="maintenance-dialog-ok">
          我知道了
        </Button>
      }
    >
      <Stack gap="3">
        <Box bg="orange.50" rounded="md" px="4" py="3" textAlign="center">
          <Text fontSize="sm" color="orange.800">
            系统即将开始维护，剩余
          </Text>
          <Text
            fontSize="3xl"
            fontWeight="bold"
            color="orange.700"
            fontVariantNumeric="tabular-nums"
            data-testid="maintenance-dialog-countdown"
          >
            {formatCountdown(start - now)}
          </Text>
        </Box>
        <Text color="gray.700">维护开始后将自动跳转到维护页面，请及时保存正在编辑的内容。</Text>
        {notice.content ? <PlainText>{notice.content}</PlainText> : null}
        {notice.estimatedCompletionTime && (
          <Text fontSize="sm" color="gray.600">
            预计完成时间：{formatDateTime(notice.estimatedCompletionTime)}
          </Text>
        )}
      </Stack>
    </AppDialog>
  );
}
