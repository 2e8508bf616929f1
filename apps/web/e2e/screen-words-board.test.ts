import { menuWalks } from './screen-words.ts';

menuWalks([
  ['a board user', 'board@enviro.demo', 'desktop'],
  ['a board user', 'board@enviro.demo', 'phone'],
]);
