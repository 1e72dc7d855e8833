import { Link } from 'react-router';
import { MemberPhoto } from '@/components/ui/member-photo.tsx';
import { paths } from '@/config/paths.ts';
import type { DirectoryMember } from '../api/get-members.ts';

const SKILLS_SHOWN = 3;

/** One member of the directory; the whole card opens their profile. */
export function MemberCard({ member }: { member: DirectoryMember }) {
  const roles = member.member_roles.map((r) => r.role_name).filter(Boolean);
  const skills = member.user_skills.map((s) => s.skill_name).filter(Boolean);
  const details = [member.current_level, member.enrollment_year ? `Enrolled ${member.enrollment_year}` : null].filter(Boolean);
  return (
    <Link
      to={paths.memberProfile.href(member.id)}
      className="flex gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-md hover:ring-brand-600 sm:flex-col sm:items-center sm:p-5 sm:text-center"
    >
      <MemberPhoto src={member.profile_image_url} className="size-16 sm:size-24" />
      <div className="min-w-0 flex-1 sm:w-full">
        <h2 className="text-base font-bold break-words text-navy-900">{member.name || member.matric_number}</h2>
        {details.length ? <p className="text-sm text-slate-700">{details.join(' · ')}</p> : null}
        <p className="text-xs break-all text-slate-600">{member.matric_number}</p>
        {roles.length ? (
          <ul aria-label="Roles" className="mt-2 flex flex-wrap gap-1 sm:justify-center">
            {roles.map((role) => (
              <li key={role} className="rounded-full bg-navy-900 px-2 py-0.5 text-xs font-semibold text-white">
                {role}
              </li>
            ))}
          </ul>
        ) : null}
        {skills.length ? (
          <ul aria-label="Skills" className="mt-2 flex flex-wrap gap-1 sm:justify-center">
            {skills.slice(0, SKILLS_SHOWN).map((skill) => (
              <li key={skill} className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-medium text-sky-900">
                {skill}
              </li>
            ))}
            {skills.length > SKILLS_SHOWN ? (
              <li className="rounded-full px-1 py-0.5 text-xs font-medium text-slate-600">+{skills.length - SKILLS_SHOWN} more</li>
            ) : null}
          </ul>
        ) : null}
      </div>
    </Link>
  );
}
