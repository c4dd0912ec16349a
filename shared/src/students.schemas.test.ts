import { describe, expect, it } from 'vitest';
import { StudentOfMonthInput, youtubeVideoId } from './students.schemas';
import { accepted, refused } from './testing/schema-outcome';

describe('student of the month', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=10', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    [' dQw4w9WgXcQ ', 'dQw4w9WgXcQ'],
  ])('finds the video id in %s', (text, id) => {
    expect(youtubeVideoId(text)).toBe(id);
  });

  it.each(['', 'https://example.com/video', 'https://youtu.be/short', 'dQw4w9WgXcQQ'])('finds no video id in %j', (text) => {
    expect(youtubeVideoId(text)).toBeNull();
  });

  it('takes the fields the original took, and refuses what is missing', () => {
    expect(accepted(StudentOfMonthInput, { name: ' Asha ', school: 'KV Pune', details: 'A line follower', videoId: 'https://youtu.be/dQw4w9WgXcQ' })).toEqual({
      name: 'Asha',
      school: 'KV Pune',
      details: 'A line follower',
      videoId: 'dQw4w9WgXcQ',
    });
    expect(refused(StudentOfMonthInput, { name: '', school: 'S', details: 'D', videoId: 'nope' })).toEqual({
      name: 'Name is required',
      videoId: 'Enter the YouTube link of the project',
    });
  });
});
