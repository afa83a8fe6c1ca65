import { ActionIcon, Button } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { DeferredTooltip } from '@/components/ui/deferred-tooltip';
import { useToggleFavorite } from '../api/favorite-queries';

type FavoriteButtonProps = {
  target: { type: 'COMPANY' | 'ITEM'; id: string };
  name: string;
  isFavorite: boolean;
  /** `icon` on cards, `button` with text on detail pages. */
  variant?: 'icon' | 'button';
};

/** Heart toggle; the change shows at once everywhere (optimistic) and reverts on failure. */
export const FavoriteButton = ({
  target,
  name,
  isFavorite,
  variant = 'icon',
}: FavoriteButtonProps) => {
  const toggle = useToggleFavorite();
  const label = isFavorite ? `Remove ${name} from favorites` : `Add ${name} to favorites`;
  const onClick = () => toggle.mutate({ ...target, isFavorite: !isFavorite });
  const icon = isFavorite ? <IconHeartFilled size={18} /> : <IconHeart size={18} />;

  if (variant === 'button') {
    return (
      <Button
        variant={isFavorite ? 'light' : 'default'}
        color={isFavorite ? 'pink' : undefined}
        leftSection={icon}
        onClick={onClick}
        aria-pressed={isFavorite}
        aria-label={label}
        data-testid="favorite-toggle"
      >
        {isFavorite ? 'Favorited' : 'Favorite'}
      </Button>
    );
  }
  return (
    <DeferredTooltip label={isFavorite ? 'Remove from favorites' : 'Add to favorites'} withArrow>
      <ActionIcon
        variant={isFavorite ? 'light' : 'subtle'}
        color={isFavorite ? 'pink' : 'gray'}
        size="lg"
        onClick={onClick}
        aria-pressed={isFavorite}
        aria-label={label}
        data-testid="favorite-toggle"
      >
        {icon}
      </ActionIcon>
    </DeferredTooltip>
  );
};
