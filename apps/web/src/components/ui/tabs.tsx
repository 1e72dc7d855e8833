import * as RadixTabs from '@radix-ui/react-tabs';
import { type ComponentProps, useState } from 'react';
import { cn } from '@/lib/cn.ts';

export const Tabs = RadixTabs.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof RadixTabs.List>) {
  // Radix focuses a tab as it is clicked, which the browser then marks :focus-visible: the heavy
  // focus outline is kept for the keyboard (a key press clears the pointer mark).
  const [pointer, setPointer] = useState(false);
  return (
    <RadixTabs.List
      // The tabs wrap onto a second line on a narrow screen rather than overflow their container.
      className={cn('flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1', className)}
      data-pointer={pointer ? '' : undefined}
      onPointerDown={() => setPointer(true)}
      onKeyDown={() => setPointer(false)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={cn(
        'flex-1 rounded-lg px-2 py-2 text-sm font-semibold whitespace-nowrap text-slate-700 transition-colors hover:text-slate-900 [[data-pointer]_&]:outline-none',
        'data-[state=active]:bg-white data-[state=active]:text-brand-700 data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={cn('pt-4 focus-visible:outline-none', className)} {...props} />;
}
