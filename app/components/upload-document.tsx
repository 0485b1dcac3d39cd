import { Button, HStack, Text } from '@chakra-ui/react';
import { Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { AI_INPUT_LIMITS } from '../../contracts/ai-operation-constants';
import { resourceFetch } from '~/services/browser/resource-fetch.client';
import { pickUpload, UPLOAD_ACCEPT, UPLOAD_MESSAGES } from '~/services/upload-rules';

/**
 * 上传文件 (with JavaScript): a pdf/doc/docx/txt's text into the box. The new-student upload's file
 * rules (upload-rules.ts) in the browser; the API reads it by content with the CV reader's extraction
 * (POST /ai/extract-text, free). Used by 查AI率 and 文本提交.
 */
export function UploadDocument({ onText }: { onText: (text: string, note: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function read(files: FileList | null) {
    setError(null);
    const picked = pickUpload(files, null);
    if ('error' in picked) return setError(picked.error);
    if (!picked.file) return;
    const form = new FormData();
    form.append('file', picked.file);
    setBusy(true);
    try {
      const doc = await resourceFetch<{ text: string; format: string; truncated: boolean }>('ai/extract-text', {
        method: 'POST',
        body: form,
      });
      const note = `已读取「${picked.file.name}」${doc.truncated ? `，内容较长，只保留了前 ${AI_INPUT_LIMITS.essay} 个字符` : ''}${picked.warning ? `（${picked.warning}）` : ''}`;
      onText(doc.text, note);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : UPLOAD_MESSAGES.invalid);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }
  return (
    <HStack gap="2" flexWrap="wrap">
      <input
        ref={input}
        type="file"
        accept={UPLOAD_ACCEPT}
        hidden
        onChange={(e) => void read(e.currentTarget.files)}
        data-testid="upload-input"
      />
      <Button
        size="sm"
        variant="outline"
        bg="white"
        loading={busy}
        loadingText="读取中…"
        onClick={() => input.current?.click()}
        data-testid="upload-document"
      >
        <Upload size={14} /> 上传文件
      </Button>
      <Text fontSize="xs" color="gray.500">
        pdf、doc、docx 或 txt，小于 5MB
      </Text>
      {error && (
        <Text fontSize="sm" color="red.600" role="alert" data-testid="upload-error">
          {error}
        </Text>
      )}
    </HStack>
  );
}
