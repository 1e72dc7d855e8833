// The three quick templates of Email & Communications: each fills the subject and
// the body, with [bracketed] parts to replace; each passes the bulk e-mail rule as it is.

export interface Template {
  name: 'Event Announcement' | 'Meeting Reminder' | 'Newsletter Update';
  subject: string;
  body: string;
}

/** The three quick templates: each fills the subject and the body. */
export function templates(association: string): Template[] {
  return [
    {
      name: 'Event Announcement',
      subject: `Upcoming ${association} event: [Event name]`,
      body: `Dear members,\n\nWe are pleased to invite you to [Event name], taking place on [date] at [time] in [location].\n\n[A few lines about the event: speakers, activities, what to bring.]\n\nPlease confirm your attendance by [date]. We look forward to seeing you there.\n\nBest regards,\n${association} Executive Committee`,
    },
    {
      name: 'Meeting Reminder',
      subject: `Reminder: [Meeting name] on [date]`,
      body: `Dear members,\n\nThis is a reminder that [Meeting name] takes place on [date] at [time] in [location].\n\nAgenda:\n1. [Item]\n2. [Item]\n3. Any other business\n\nYour attendance and contributions are important. If you cannot attend, please let us know.\n\nBest regards,\n${association} Executive Committee`,
    },
    {
      name: 'Newsletter Update',
      subject: `${association} Newsletter: [Month year]`,
      body: `Dear members,\n\nHere is what has been happening in the association this month.\n\nHighlights:\n- [News item]\n- [News item]\n\nComing up:\n- [Upcoming event and date]\n\nOpportunities:\n- [Internships, competitions, scholarships]\n\nThank you for being part of ${association}.\n\nBest regards,\n${association} Executive Committee`,
    },
  ];
}
