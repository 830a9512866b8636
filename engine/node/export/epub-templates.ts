// The EJS templates epub-gen-memory fills for a book's EPUB 3 (epub.ts, and the dual-language and read-along
// EPUBs): the CSS, each page's head, the nav with its landmarks, the EPUB 2 table of contents for old readers, and
// the package (OPF) with its metadata (languages, author, translator, series, accessibility, media overlays).
import { escapeXml } from './xhtml.js';
import { typeAndRole } from './accessibility.js';

export const CSS = `body { font-family: serif; line-height: 1.5; margin: 0 5%; }
h1 { font-size: 1.6em; text-align: center; margin: 2.5em 0 1.5em; page-break-before: always; }
h2 { font-size: 1.25em; margin: 1.5em 0 0.75em; }
h3 { font-size: 1.1em; margin: 1.25em 0 0.5em; }
p { margin: 0 0 0.75em; text-align: justify; }
blockquote { margin: 1em 2em; font-style: italic; }
hr { border: 0; border-top: 1px solid #999; margin: 1.5em 30%; }
pre { white-space: pre-wrap; font-size: 0.9em; }
table { border-collapse: collapse; margin: 0.5em 0 1em; }
th, td { border: 1px solid #999; padding: 0.2em 0.5em; text-align: left; vertical-align: top; }
nav ol { list-style: none; padding: 0; }
nav li { margin: 0.4em 0; }
.titlepage { text-align: center; margin-top: 30%; }
.titlepage h1 { font-size: 2em; margin: 0 0 1em; page-break-before: avoid; }
.author { font-size: 1.2em; text-align: center; }
.copyright { margin-top: 60%; font-size: 0.9em; }
.copyright p { text-align: left; margin: 0 0 0.5em; }
`;

/**
 * Pieces of the templates below, too long for a line of their own: every XHTML page's namespaces (XHTML's, EPUB's for
 * `epub:type`), an entry of the EPUB 2 table of contents, the package's cover item and content items.
 */
const HTML_NAMESPACES = 'xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"';
const NAV_POINT =
  '<navPoint id="nav_<%= i %>" playOrder="<%= order %>"><navLabel><text><%= c.title %></text></navLabel>' +
  '<content src="<%= c.filename %>"/></navPoint>';
const COVER_ITEM =
  '<item id="cover-image" href="cover.<%= cover.extension %>" media-type="<%= cover.mediaType %>" ' +
  'properties="cover-image"/>';
const CONTENT_ITEM = '<item id="content_<%= i %>" href="<%= c.filename %>" media-type="application/xhtml+xml"';

export const HEAD = (title: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html ${HTML_NAMESPACES} xml:lang="<%= lang %>" lang="<%= lang %>">
<head>
<meta charset="UTF-8"/>
<title>${title}</title>
<link rel="stylesheet" type="text/css" href="style.css"/>
</head>`;

// EJS templates for epub-gen-memory: `<%= %>` escapes what the library passes; what this file bakes in
// is escaped by escapeXml (so it cannot hold "<%" either).
export const CHAPTER = `${HEAD('<%= title %>')}
<body>
<%- content %>
</body>
</html>`;

export function navTemplate(
  firstPart: { file: string; heading: string },
  front: ReadonlyArray<{ file: string; heading: string; type: string }> = [],
): string {
  const landmark = (type: string, file: string, heading: string) =>
    `<li><a epub:type="${type}" href="${escapeXml(file)}">${escapeXml(heading)}</a></li>`;
  const landmarks = front.map((f) => `${landmark(f.type, f.file, f.heading)}\n`).join('');
  return `${HEAD('<%= tocTitle %>')}
<body>
<nav${typeAndRole('toc')} id="toc">
<h1><%= tocTitle %></h1>
<ol>
<% content.forEach(function (c) { if (!c.excludeFromToc) { %><li><a href="<%= c.filename %>"><%= c.title %></a></li>
<% } }) %></ol>
</nav>
<nav epub:type="landmarks" hidden="hidden">
<ol>
<li><a epub:type="toc" href="toc.xhtml#toc"><%= tocTitle %></a></li>
${landmarks}${landmark('bodymatter', firstPart.file, firstPart.heading)}
</ol>
</nav>
</body>
</html>`;
}

// The EPUB 2 table of contents, for old readers: the same entries as the nav, played in order from 1.
export const NCX = `<?xml version="1.0" encoding="UTF-8"?>
<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1" xml:lang="<%= lang %>">
<head>
<meta name="dtb:uid" content="<%= id %>"/>
<meta name="dtb:depth" content="1"/>
<meta name="dtb:totalPageCount" content="0"/>
<meta name="dtb:maxPageNumber" content="0"/>
</head>
<docTitle><text><%= title %></text></docTitle>
<navMap>
<% var order = 0; content.forEach(function (c, i) { if (!c.excludeFromToc) { order++; %>${NAV_POINT}
<% } }) %></navMap>
</ncx>`;

/**
 * The translator a translated edition credits (dc:contributor, MARC relator trl): a name, as readers and stores
 * show a contributor's (calibre lists it among the names), never the disclosure's sentence, which the copyright
 * page and the description carry. The same name in every language.
 */
export const TRANSLATOR_NAME = 'Karya (AI)';

/**
 * calibre has no translator of its own and reads no contributor but a book producer: it shows a translator as
 * a custom column (#translator), which it reads from this meta (its OPF 2 form, which EPUB 3 keeps).
 */
function calibreTranslator(name: string, heading: string): string {
  const column = {
    label: 'translator',
    name: heading,
    datatype: 'text',
    is_multiple: {},
    display: {},
    is_custom: true,
    kind: 'field',
    column: 'value',
    is_editable: true,
    is_category: true,
    is_csp: false,
    search_terms: ['#translator'],
    '#value#': name,
    '#extra#': null,
  };
  return `<meta name="calibre:user_metadata:#translator" content="${escapeXml(JSON.stringify(column))}"/>\n`;
}

/**
 * A read-along EPUB's Media Overlays in its package (read-along.ts): their metadata (durations, narrator, active
 * class), their manifest items (the SMIL files, the audio) and, by content file name, the id of the SMIL that
 * narrates it (its item's `media-overlay`).
 */
export interface PackageOverlays {
  metadata: string;
  manifest: string;
  overlayOf: Readonly<Record<string, string>>;
}

/** The OPF; `otherLanguages`, a dual-language book's second language, follow the book's own in `dc:language`. */
export function packageTemplate(opts: {
  rights: string;
  accessibility: string;
  modified: string;
  author?: string;
  series?: { name: string; number: number };
  translator?: string;
  translatorHeading?: string;
  otherLanguages?: readonly string[];
  overlays?: PackageOverlays;
}): string {
  // EPUB 3's collection metadata (readers and stores group a series by it), and calibre's for the readers that read
  // only that.
  const series = opts.series
    ? `<meta property="belongs-to-collection" id="series">${escapeXml(opts.series.name)}</meta>\n` +
      `<meta refines="#series" property="collection-type">series</meta>\n<meta refines="#series" ` +
      `property="group-position">${opts.series.number}</meta>\n<meta name="calibre:series" ` +
      `content="${escapeXml(opts.series.name)}"/>\n<meta name="calibre:series_index" ` +
      `content="${opts.series.number}"/>\n`
    : '';
  const languages = (opts.otherLanguages ?? []).map((l) => `<dc:language>${escapeXml(l)}</dc:language>\n`).join('');
  const creator = opts.author ? `<dc:creator id="creator">${escapeXml(opts.author)}</dc:creator>\n` : '';
  const translator = opts.translator
    ? `<dc:contributor id="translator">${escapeXml(opts.translator)}</dc:contributor>\n` +
      `<meta refines="#translator" property="role" scheme="marc:relators">trl</meta>\n` +
      calibreTranslator(opts.translator, opts.translatorHeading ?? 'Translator')
    : '';
  const overlayMetadata = opts.overlays?.metadata ?? '';
  const media = overlayAttribute(opts.overlays);
  return `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="BookId" xml:lang="<%= lang %>">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="BookId"><%= id %></dc:identifier>
<dc:title><%= title %></dc:title>
<dc:language><%= lang %></dc:language>
${languages}${creator}${translator}<dc:description><%= description %></dc:description>
<dc:date><%= date.slice(0, 10) %></dc:date>
<dc:rights>${escapeXml(opts.rights)}</dc:rights>
<meta property="dcterms:modified">${opts.modified}</meta>
${opts.accessibility}${series}${overlayMetadata}<% if (cover) { %><meta name="cover" content="cover-image"/>
<% } %></metadata>
<manifest>
<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
<item id="toc" href="toc.xhtml" media-type="application/xhtml+xml" properties="nav"/>
<item id="css" href="style.css" media-type="text/css"/>
<% if (cover) { %>${COVER_ITEM}
<% } %><% content.forEach(function (c, i) { %>${CONTENT_ITEM}${media}/>
<% }) %>${opts.overlays?.manifest ?? ''}</manifest>
<spine toc="ncx">
<% content.forEach(function (c, i) { if (c.beforeToc) { %><itemref idref="content_<%= i %>"/>
<% } }) %><itemref idref="toc"/>
<% content.forEach(function (c, i) { if (!c.beforeToc) { %><itemref idref="content_<%= i %>"/>
<% } }) %></spine>
</package>`;
}

/** A content item's `media-overlay` attribute, looked up by its file name in the template (none without overlays). */
function overlayAttribute(overlays: PackageOverlays | undefined): string {
  if (!overlays) return '';
  // The ids are the writer's own (letters, digits, hyphens): the map is JSON in the EJS code, its values escaped on
  // output.
  return (
    `<% var overlay = (${JSON.stringify(overlays.overlayOf)})[c.filename]; ` +
    `if (overlay) { %> media-overlay="<%= overlay %>"<% } %>`
  );
}
