import { describe, expect, it } from 'vitest';
import { ITEMS, type EditableItem, formValues, itemBody } from './items-config.ts';

const projects = ITEMS.projects;

describe('item forms', () => {
  it('start a new project In Progress and public, with empty fields', () => {
    const values = formValues(projects, null);
    expect(values.status).toBe('In Progress');
    expect(values.title).toBe('');
    expect(values.category).toBe('');
  });

  it('send empty optional fields as absent when adding', () => {
    const values = { ...formValues(projects, null), title: ' Glider ', description: 'Built a glider', start_date: '2024-01-10' };
    expect(itemBody(projects, values, true, null)).toEqual({
      title: 'Glider',
      description: 'Built a glider',
      start_date: '2024-01-10',
      status: 'In Progress',
      privacy: true,
    });
  });

  it('clear an emptied optional field when editing, and leave never-set ones absent', () => {
    const original: EditableItem = {
      id: 'p1',
      title: 'Glider',
      description: 'Built a glider',
      start_date: '2024-01-10',
      end_date: null,
      project_url: 'https://example.com',
      project_image_url: null,
      category: 'Design',
      status: 'Completed',
      privacy: false,
    };
    const values = { ...formValues(projects, original), project_url: '' };
    const body = itemBody(projects, values, false, original);
    expect(body.project_url).toBeNull();
    expect('end_date' in body).toBe(false);
    expect(body.category).toBe('Design');
  });

  it('validate with the shared schemas and their messages', async () => {
    const empty = itemBody(projects, formValues(projects, null), false, null);
    const parsed = (await projects.schema()).safeParse(empty);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('Please fill in all required fields (Title, Description, Start Date)');
    const achievement = (await ITEMS.achievements.schema()).safeParse({ title: 'Prize' });
    expect(achievement.error?.issues[0]?.message).toBe('Please fill in all required fields');
    const activity = (await ITEMS.activities.schema()).safeParse({ organization: 'Club' });
    expect(activity.error?.issues[0]?.message).toBe('Please fill in the activity name');
  });
});
