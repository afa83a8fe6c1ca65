import { Button, Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuildingFactory2, IconCategory, IconSearch, IconTag } from '@tabler/icons-react';
import { useState } from 'react';
import type { z } from 'zod';
import type { SuggestionSchema } from '@atelier/contract/catalog/item';
import { useSuggestions } from '../api/item-queries';

type Suggestion = z.infer<typeof SuggestionSchema>;
type SuggestionType = Suggestion['type'];

const GROUPS: { type: SuggestionType; label: string; icon: typeof IconSearch }[] = [
  { type: 'SUPPLIER', label: 'Suppliers', icon: IconBuildingFactory2 },
  { type: 'ITEM', label: 'Products', icon: IconTag },
  { type: 'CATEGORY', label: 'Categories', icon: IconCategory },
];

const MIN_SUGGEST_LENGTH = 2;

type SearchBoxProps = {
  /** The search text of the current search (the address). */
  searchKey: string;
  /** A text search: typed and submitted, or a product suggestion. */
  onSearch: (searchKey: string) => void;
  /** A supplier suggestion opens its profile. */
  onChooseSupplier: (supplierId: string) => void;
  /** A category suggestion filters by it (a new category entry). */
  onChooseCategory?: (categoryId: number) => void;
  /** Category suggestions are kept only for categories that have items. */
  isCategoryListed?: (categoryId: number) => boolean;
  placeholder?: string;
  size?: 'sm' | 'md' | 'lg';
};

/**
 * Search with autocomplete: suggestions load as the text settles (debounced), arrow keys move
 * through them, Enter picks one, or searches the text when none is highlighted.
 */
export const SearchBox = ({
  searchKey,
  onSearch,
  onChooseSupplier,
  onChooseCategory,
  isCategoryListed = () => true,
  placeholder = 'Search suppliers, products and categories',
  size = 'md',
}: SearchBoxProps) => {
  const [text, setText] = useState(searchKey);
  const [shownSearchKey, setShownSearchKey] = useState(searchKey);
  // The address changed (back button, a shared link): show its text.
  if (shownSearchKey !== searchKey) {
    setShownSearchKey(searchKey);
    setText(searchKey);
  }
  const [debounced] = useDebouncedValue(text.trim(), 200);
  const suggestions = useSuggestions(debounced);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });

  const isTyping = text.trim().length >= MIN_SUGGEST_LENGTH;
  const items = isTyping
    ? (suggestions.data?.items ?? []).filter(
        (item) =>
          item.type !== 'CATEGORY' || (onChooseCategory && isCategoryListed(Number(item.id))),
      )
    : [];

  const submitOption = (value: string) => {
    const item = items.find((candidate) => `${candidate.type}:${candidate.id}` === value);
    combobox.closeDropdown();
    if (!item) return;
    switch (item.type) {
      case 'SUPPLIER':
        onChooseSupplier(item.id);
        break;
      case 'ITEM':
        setText(item.text);
        onSearch(item.text);
        break;
      case 'CATEGORY':
        setText('');
        onChooseCategory?.(Number(item.id));
        break;
    }
  };

  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        combobox.closeDropdown();
        onSearch(text.trim());
      }}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Combobox store={combobox} onOptionSubmit={submitOption} size={size}>
          <Combobox.Target>
            <TextInput
              flex={1}
              size={size}
              value={text}
              placeholder={placeholder}
              aria-label="Search suppliers and products"
              leftSection={<IconSearch size={18} aria-hidden />}
              rightSection={suggestions.isFetching && isTyping ? <Loader size="xs" /> : null}
              onChange={(event) => {
                setText(event.currentTarget.value);
                combobox.openDropdown();
                combobox.resetSelectedOption();
              }}
              onFocus={() => combobox.openDropdown()}
              onBlur={() => combobox.closeDropdown()}
              autoComplete="off"
              data-testid="search-input"
            />
          </Combobox.Target>
          <Combobox.Dropdown hidden={items.length === 0}>
            <Combobox.Options aria-label="Suggestions">
              {GROUPS.map(({ type, label, icon: Icon }) => {
                const ofType = items.filter((item) => item.type === type);
                if (ofType.length === 0) return null;
                return (
                  <Combobox.Group key={type} label={label}>
                    {ofType.map((item) => (
                      <Combobox.Option key={`${type}:${item.id}`} value={`${type}:${item.id}`}>
                        <Group gap="xs" wrap="nowrap">
                          <Icon size={16} stroke={1.6} aria-hidden />
                          <Text size="sm" truncate>
                            {item.text}
                          </Text>
                        </Group>
                      </Combobox.Option>
                    ))}
                  </Combobox.Group>
                );
              })}
            </Combobox.Options>
          </Combobox.Dropdown>
        </Combobox>
        <Button type="submit" size={size}>
          Search
        </Button>
      </Group>
    </form>
  );
};
