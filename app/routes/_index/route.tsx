import { Box, Button, Container, Flex, Heading, HStack, Link as ChakraLink, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { CheckCircle2 } from 'lucide-react';
import { Logo } from '~/components/logo';
import { homePage } from '~/content/home';
import { fillContent } from '~/content/placeholders';
import { usePublicConfig } from '~/hooks/use-app-data';
import { PRODUCT_NAME } from '~/services/navigation';
import { getWebSession } from '~/sessions.server';

export const meta: MetaFunction = () => [{ title: `${PRODUCT_NAME} - 留学申请文书写作平台` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const web = await getWebSession(request, context);
  return { signedIn: Boolean(web.tokens && web.userId) };
}

export default function Home() {
  const { signedIn } = useLoaderData<typeof loader>();
  const { hero, features, audiences, steps, trust } = fillContent(homePage, usePublicConfig());
  const cta = signedIn ? { to: '/dash/overview', label: '进入工作台' } : { to: '/dash/login', label: hero.primaryCta };
  return (
    <Box bg="white" minH="100vh">
      <Box as="header" borderBottomWidth="1px">
        <Container maxW="6xl" py="4">
          <Flex align="center" justify="space-between">
            <Logo />
            <Button asChild size="sm" colorPalette="blue" variant={signedIn ? 'solid' : 'outline'}>
              <Link to={cta.to}>{signedIn ? '进入工作台' : '登录'}</Link>
            </Button>
          </Flex>
        </Container>
      </Box>

      <Box as="section" bgGradient="to-b" gradientFrom="blue.50" gradientTo="white">
        <Container maxW="4xl" py={{ base: '14', md: '24' }} textAlign="center">
          <Heading as="h1" size={{ base: '3xl', md: '5xl' }} lineHeight="1.25" fontWeight="bold">
            {hero.title}
          </Heading>
          <Text mt="5" fontSize={{ base: 'md', md: 'lg' }} color="gray.600" lineHeight="1.8">
            {hero.subtitle}
          </Text>
          <Stack direction={{ base: 'column', sm: 'row' }} justify="center" mt="8" gap="3">
            <Button asChild size="lg" colorPalette="blue" data-testid="home-cta">
              <Link to={cta.to}>{cta.label}</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a href="#features">{hero.secondaryCta}</a>
            </Button>
          </Stack>
        </Container>
      </Box>

      <Container as="section" id="features" maxW="6xl" py="16">
        <Heading as="h2" size="2xl" textAlign="center" mb="10">
          一个平台，覆盖申请文书的每一步
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="5">
          {features.map((f) => (
            <Box key={f.id} borderWidth="1px" rounded="xl" p="6">
              <Heading as="h3" size="md" mb="2">
                {f.title}
              </Heading>
              <Text color="gray.600" fontSize="sm" lineHeight="1.8">
                {f.description}
              </Text>
              {f.to && (
                <Text asChild fontSize="sm" color="blue.700" mt="3" display="inline-block">
                  <Link to={f.to} data-testid={`home-feature-${f.id}`}>
                    去使用 →
                  </Link>
                </Text>
              )}
            </Box>
          ))}
        </SimpleGrid>
      </Container>

      <Box as="section" bg="gray.50">
        <Container maxW="6xl" py="16">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
            {audiences.map((a) => (
              <Box key={a.title} bg="white" borderWidth="1px" rounded="xl" p="6">
                <Heading as="h3" size="lg" mb="4">
                  {a.title}
                </Heading>
                <List.Root gap="2" variant="plain">
                  {a.points.map((p) => (
                    <List.Item key={p} alignItems="flex-start" gap="2" color="gray.700">
                      <Box color="blue.500" mt="1" flexShrink={0}>
                        <CheckCircle2 size={16} />
                      </Box>
                      {p}
                    </List.Item>
                  ))}
                </List.Root>
              </Box>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Container as="section" maxW="6xl" py="16">
        <Heading as="h2" size="2xl" textAlign="center" mb="10">
          如何开始
        </Heading>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="5">
          {steps.map((s, i) => (
            <Box key={s.title} p="5">
              <Flex w="9" h="9" rounded="full" bg="blue.600" color="white" align="center" justify="center" fontWeight="bold" mb="3">
                {i + 1}
              </Flex>
              <Heading as="h3" size="md" mb="1.5">
                {s.title}
              </Heading>
              <Text color="gray.600" fontSize="sm" lineHeight="1.8">
                {s.description}
              </Text>
            </Box>
          ))}
        </SimpleGrid>
        <Stack mt="12" gap="2" align="center">
          {trust.map((t) => (
            <HStack key={t} color="gray.700" fontSize="sm">
              <CheckCircle2 size={16} color="var(--chakra-colors-green-600)" />
              <Text>{t}</Text>
            </HStack>
          ))}
        </Stack>
      </Container>

      <Box as="footer" borderTopWidth="1px" py="8">
        <Container maxW="6xl">
          <Text textAlign="center" color="gray.500" fontSize="sm">
            © 2026 {PRODUCT_NAME} · AI 生成内容均在界面中明确标识，请在使用前审阅并确认
          </Text>
          <HStack justify="center" gap="4" mt="2" fontSize="sm">
            <ChakraLink asChild color="gray.600">
              <Link to="/service-agreement">用户服务协议</Link>
            </ChakraLink>
            <ChakraLink asChild color="gray.600">
              <Link to="/privacy-policy">隐私政策</Link>
            </ChakraLink>
          </HStack>
        </Container>
      </Box>
    </Box>
  );
}
