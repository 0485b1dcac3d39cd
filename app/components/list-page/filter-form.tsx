import { Button, Input, Spinner, Stack } from '@chakra-ui/react';
import { Form, useNavigation } from '@remix-run/react';
import { Search } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { FilterSelect } from '~/components/filter-select';

/**
 * A list's GET form (works without JavaScript): an optional text search, the page's filters and the
 * submit button, which spins while the list reloads.
 */
export function ListFilterForm({
  route,
  label,
  testId,
  search,
  hidden,
  wideAt = 'sm',
  submitLabel,
  filters,
}: {
  route: string;
  label: string;
  testId: string;
  search?: { query: string; placeholder: string; label: string };
  /** Kept as they are (e.g. the display mode). */
  hidden?: Record<string, string>;
  /** From which breakpoint the search box and the filters share a row. */
  wideAt?: 'sm' | 'lg';
  submitLabel?: ReactNode;
  /** The selects beside the search box, each sent at once when changed. */
  filters: ComponentProps<typeof FilterSelect>[];
}) {
  const navigation = useNavigation();
  const searching = navigation.state === 'loading' && navigation.location?.pathname === route;
  const selects = (
    <Stack direction={{ base: search && wideAt === 'lg' ? 'column' : 'row', sm: 'row' }} gap="2" flexWrap={search ? undefined : 'wrap'}>
      {filters.map((filter) => (
        <FilterSelect key={filter.name} {...filter} />
      ))}
      {/* Spins while the list reloads but stays enabled: a disabled default button would swallow the
          Enter of a search typed while the last change was still loading. */}
      <Button type="submit" variant="outline" aria-busy={searching || undefined} bg="white">
        {searching ? <Spinner size="sm" /> : null}
        {submitLabel ?? <>{searching ? null : <Search size={16} />} 搜索</>}
      </Button>
    </Stack>
  );
  return (
    <Form method="get" role={search ? 'search' : undefined} aria-label={label} data-testid={testId}>
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {search ? (
        <Stack direction={{ base: 'column', [wideAt]: 'row' }} gap="2">
          <Input
            // Keyed by the URL's query: 清除筛选 and back/forward must not leave stale text behind.
            key={search.query}
            name="q"
            defaultValue={search.query}
            placeholder={search.placeholder}
            aria-label={search.label}
            maxLength={100}
            flex={{ [wideAt]: '1' }}
            bg="white"
          />
          {selects}
        </Stack>
      ) : (
        selects
      )}
    </Form>
  );
}
