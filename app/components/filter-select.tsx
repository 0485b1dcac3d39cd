import { NativeSelect } from '@chakra-ui/react';
import { useSubmit } from '@remix-run/react';

/**
 * A filter of a GET form: sent at once when changed (with JavaScript), by the form's button without.
 * Without `allLabel` one of the options is always chosen (a sort order).
 */
export function FilterSelect(props: {
  name: string;
  label: string;
  value: string;
  allLabel?: string;
  options: Array<[string, string]>;
  width: string;
}) {
  const submit = useSubmit();
  return (
    <NativeSelect.Root width={{ base: 'full', sm: props.width }}>
      <NativeSelect.Field
        // Keyed by the URL's value so a navigation that changes it (清除筛选, back) shows it.
        key={props.value}
        name={props.name}
        defaultValue={props.value}
        aria-label={props.label}
        bg="white"
        onChange={(e) => submit(e.currentTarget.form)}
      >
        {props.allLabel !== undefined && <option value="">{props.allLabel}</option>}
        {props.options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
