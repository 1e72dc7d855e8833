import type { ComponentType } from 'react';
import {
  GitHubIcon,
  InstagramIcon,
  LinkedInIcon,
  MediumIcon,
  StackOverflowIcon,
  XIcon,
} from '@/components/icons/social-icons.tsx';

/** The six social platforms of a profile, in display order, with their names. */
export const PLATFORMS: { key: string; label: string; Icon: ComponentType; placeholder: string }[] = [
  { key: 'linkedin', label: 'LinkedIn', Icon: LinkedInIcon, placeholder: 'https://www.linkedin.com/in/your-name' },
  { key: 'twitter', label: 'Twitter', Icon: XIcon, placeholder: 'https://twitter.com/your-name' },
  { key: 'instagram', label: 'Instagram', Icon: InstagramIcon, placeholder: 'https://www.instagram.com/your-name' },
  { key: 'github', label: 'GitHub', Icon: GitHubIcon, placeholder: 'https://github.com/your-name' },
  { key: 'stackoverflow', label: 'Stack Overflow', Icon: StackOverflowIcon, placeholder: 'https://stackoverflow.com/users/…' },
  { key: 'medium', label: 'Medium', Icon: MediumIcon, placeholder: 'https://medium.com/@your-name' },
];

/** Stored platform names are lower case; older data may say "LinkedIn" or "Stack Overflow". */
export const platformKey = (name: string) => name.trim().toLowerCase().replace(/[\s_-]/g, '');
