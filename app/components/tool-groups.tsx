import { Badge, Box, Heading, HStack, LinkBox, LinkOverlay, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { toolEntries, type ToolGroup } from '~/content/overview';
import { isRouteAvailable } from '~/services/navigation';

const GROUP_LABELS: Record<ToolGroup, string> = { writing: '文书写作', 'ai-rate': 'AI 检测', school: '选校', archives: '档案与作品' };

/** The tools as cards, by group (overview and 写作工具); a tool whose page has not landed shows 未开放. */
export function ToolGroups({ groups }: { groups: ToolGroup[] }) {
  return groups.map((group) => {
    const entries = toolEntries.filter((t) => t.group === group);
    if (!entries.length) return null;
    return (
      <Box as="section" key={group} mb="8">
        <Heading as="h2" size="md" mb="3" color="gray.700">
          {GROUP_LABELS[group]}
        </Heading>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
          {entries.map((tool) => {
            const available = isRouteAvailable(tool.route);
            return (
              <LinkBox
                key={tool.id}
                as="article"
                bg="white"
                rounded="xl"
                borderWidth="1px"
                p="5"
                opacity={available ? 1 : 0.7}
                transition="all 0.15s"
                _hover={available ? { borderColor: 'blue.300', shadow: 'sm' } : undefined}
                data-testid={`tool-${tool.id}`}
              >
                <Stack gap="1.5">
                  <HStack justify="space-between">
                    <Heading as="h3" size="sm">
                      {available ? (
                        <LinkOverlay asChild>
                          <Link to={tool.route}>{tool.title}</Link>
                        </LinkOverlay>
                      ) : (
                        tool.title
                      )}
                    </Heading>
                    {!available && (
                      <Badge colorPalette="gray" variant="subtle">
                        未开放
                      </Badge>
                    )}
                  </HStack>
                  <Text fontSize="sm" color="gray.600">
                    {tool.description}
                  </Text>
                </Stack>
              </LinkBox>
            );
          })}
        </SimpleGrid>
      </Box>
    );
  });
}
