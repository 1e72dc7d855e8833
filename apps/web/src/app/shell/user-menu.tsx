import type { SessionUser } from '@aesa/shared/auth';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { useNavigate } from 'react-router';
import { Avatar } from '@/components/ui/avatar.tsx';
import { paths } from '@/config/paths.ts';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-slate-800 outline-none select-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-950';

/** The signed-in member's menu in the top bar: View Profile, Settings, Sign Out. */
export function UserMenu({
  user,
  onOpenSettings,
  onSignOut,
}: {
  user: SessionUser;
  onOpenSettings: () => void;
  onSignOut: () => void;
}) {
  const navigate = useNavigate();
  return (
    // Not modal: the Settings dialog opens from an item, and a modal menu would fight it for focus.
    <Menu.Root modal={false}>
      <Menu.Trigger
        data-menu-trigger
        className="flex items-center gap-2 rounded-full py-1 pr-3 pl-1 text-sm font-semibold text-white hover:bg-white/10">
        <Avatar name={user.name || user.matric_number} src={user.profile_image_url ?? user.avatar} />
        <span className="max-w-40 truncate">{user.name || user.matric_number}</span>
        <span className="sr-only">: account menu</span>
        <svg viewBox="0 0 20 20" className="size-4" fill="currentColor" aria-hidden="true">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
        </svg>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 animate-fade-in rounded-xl bg-white p-1.5 shadow-xl ring-1 ring-slate-200"
        >
          <div className="px-3 py-2">
            <p className="truncate text-sm font-semibold text-slate-900">{user.name || user.matric_number}</p>
            <p className="truncate text-xs text-slate-600">{user.email}</p>
          </div>
          <Menu.Separator className="my-1 h-px bg-slate-200" />
          <Menu.Item className={itemClass} onSelect={() => navigate(paths.profile.href())}>
            View Profile
          </Menu.Item>
          <Menu.Item className={itemClass} onSelect={onOpenSettings}>
            Settings
          </Menu.Item>
          <Menu.Separator className="my-1 h-px bg-slate-200" />
          <Menu.Item className={itemClass} onSelect={onSignOut}>
            Sign Out
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
