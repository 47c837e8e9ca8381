import { ActionIcon, Badge, type BadgeProps } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';
import { type SemanticColor, semanticColors } from '../../theme';

/** Tag icons are 14 px, the icon of a tag's action 12 px. */
export const TAG_ICON_SIZE = 14;
export const TAG_ACTION_ICON_SIZE = 12;

/** Any icon component, e.g. from @tabler/icons-react. */
export type TagIcon = ComponentType<{ size?: number | string; 'aria-hidden'?: boolean }>;

export type TagAction = {
  icon: TagIcon;
  /** French, read by screen readers (e.g. 'Retirer'). */
  label: string;
  onClick: () => void;
};

export type StatusTagProps = Omit<BadgeProps, 'color' | 'size' | 'leftSection' | 'rightSection' | 'children'> & {
  children: ReactNode;
  /** @default 'primary' */
  color?: SemanticColor;
  /** @default 'medium' */
  size?: 'small' | 'medium';
  icon?: TagIcon;
  /** @default 14 */
  iconSize?: number;
  /** Makes the whole tag a button (e.g. the pending-passenger tag opening its dialog). */
  onClick?: () => void;
  /** A small button inside the tag, after the text. */
  action?: TagAction;
};

const sizes = { small: 'sm', medium: 'md' } as const;

/** Tag: colours danger, disabled, primary, success, warning; sizes small, medium. */
export function StatusTag({
  children,
  color = 'primary',
  size = 'medium',
  icon: LeftIcon,
  iconSize = TAG_ICON_SIZE,
  onClick,
  action,
  ...props
}: StatusTagProps) {
  const ActionIconGlyph = action?.icon;
  // A button cannot hold another button: with an action inside, the tag stays a div clickable by mouse.
  const isButton = onClick !== undefined && action === undefined;
  return (
    <Badge
      variant="light"
      tt="none"
      // Whole, never cut to 'Plani…': a table squeezing its columns takes the room from the text around it instead.
      miw="max-content"
      {...props}
      component={isButton ? 'button' : 'div'}
      type={isButton ? 'button' : undefined}
      onClick={onClick}
      style={onClick ? [{ cursor: 'pointer' }, props.style] : props.style}
      color={semanticColors[color]}
      size={sizes[size]}
      leftSection={LeftIcon ? <LeftIcon size={iconSize} aria-hidden /> : undefined}
      rightSection={
        action && ActionIconGlyph ? (
          <ActionIcon
            size="xs"
            variant="transparent"
            color={semanticColors[color]}
            aria-label={action.label}
            onClick={(event) => {
              // The tag itself may be clickable (e.g. opening a dialog); its action must not trigger that too.
              event.stopPropagation();
              action.onClick();
            }}
          >
            <ActionIconGlyph size={TAG_ACTION_ICON_SIZE} aria-hidden />
          </ActionIcon>
        ) : undefined
      }
    >
      {children}
    </Badge>
  );
}
