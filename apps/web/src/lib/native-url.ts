/**
 * Takes the place of the url-parse package (vite.config.ts): tus-js-client only resolves an upload's
 * Location against its endpoint with it, which the browser's URL does as well. url-parse is CommonJS, and
 * CommonJS in a lazy chunk moves the bundler's runtime out of the home route's entry chunk, growing it.
 */
export default URL;
