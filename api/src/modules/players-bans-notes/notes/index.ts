// The notes sub-door of the players-bans-notes module (issue 23): what the module's other parts use of
// notes/. Files outside notes/ import this, never a file inside it.
export { countNotes, notesOfPlayer, searchNotes } from './notes-repository';
export { notesRoutes } from './notes-routes';
export { createNote } from './notes-service';
