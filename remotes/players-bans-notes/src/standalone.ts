// This remote is not an app of its own: the Outpost shell loads its ./manifest at run time.
const root = document.getElementById('root') ?? document.body;
root.textContent = 'This is the players-bans-notes remote of Outpost. Open it through the Outpost shell.';
