import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { ShieldCheck } from 'lucide-react';
import { FACT_KIND_LABELS, type UnsupportedFact } from '../../../contracts/fact-check-constants';

type Facts = { status: 'idle' | 'checking' | 'done' | 'error'; items: UnsupportedFact[]; message?: string };

/** 事实核查: the names and figures the archive and the form do not support, highlighted in the editor. */
export function FactPanel({ facts, onCheck, disabled }: { facts: Facts; onCheck: () => void; disabled: boolean }) {
  return (
    <Box borderWidth="1px" rounded="lg" p="3" bg="gray.50" data-testid="fact-check" aria-live="polite">
      <HStack justify="space-between" mb={facts.status === 'idle' ? '0' : '2'}>
        <Text fontWeight="semibold" fontSize="sm">
          事实核查
        </Text>
        <Button
          size="xs"
          variant="outline"
          bg="white"
          onClick={onCheck}
          loading={facts.status === 'checking'}
          disabled={disabled}
          data-testid="fact-check-run"
        >
          <ShieldCheck size={14} /> 核查
        </Button>
      </HStack>
      {facts.status === 'error' && (
        <Text color="red.600" fontSize="sm" role="alert">
          {facts.message}
        </Text>
      )}
      {facts.status === 'done' &&
        (facts.items.length === 0 ? (
          <Text fontSize="sm" color="green.700" data-testid="fact-check-clean">
            未发现档案和表单之外的数字、学校、机构、奖项等事实。
          </Text>
        ) : (
          <Stack gap="1.5">
            <Text fontSize="xs" color="gray.600">
              以下内容在学生档案和表单中找不到依据（已在正文中标红），发送前请核实或删除：
            </Text>
            {facts.items.map((f) => (
              <HStack key={`${f.kind}:${f.text}`} gap="2" align="flex-start" data-testid="fact-item">
                <Badge colorPalette="red" flexShrink="0">
                  {FACT_KIND_LABELS[f.kind]}
                </Badge>
                <Text fontSize="sm" overflowWrap="anywhere">
                  {f.text}
                </Text>
              </HStack>
            ))}
          </Stack>
        ))}
    </Box>
  );
}
