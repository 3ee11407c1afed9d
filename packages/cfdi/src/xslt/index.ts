/**
 * The cadena original, as the SAT defines it: an interpreter of the small XSLT 1.0 subset that the
 * SAT's cadena-original stylesheets use, run over the project's own namespace-aware XML reader.
 *
 * Supported (everything the files in sat/xslt use, and nothing else):
 * - top level: xsl:stylesheet / xsl:transform, xsl:include (relative href, resolved like a path),
 *   xsl:output method="text", xsl:template (match and/or name);
 * - instructions: xsl:apply-templates (select, or the children), xsl:call-template with xsl:with-param,
 *   xsl:param, xsl:for-each, xsl:if, xsl:choose / xsl:when / xsl:otherwise, xsl:value-of, xsl:text
 *   and literal text;
 * - match patterns: "/", a QName, "prefix:*" and "*" (priorities 0, -0.25, -0.5; among equals the last
 *   one in stylesheet order wins, as XSLT's error recovery and libxslt do);
 * - XPath: location paths of child, attribute, self (".") and descendant ("//") steps, absolute or
 *   relative or after a variable ($valor/@x), string literals, "=" and "!=", and the functions
 *   normalize-space() and string();
 * - XSLT's built-in rules: an element (or the root) without a template applies templates to its
 *   children, text nodes are copied verbatim.
 *
 * Anything else (another instruction, a literal result element, an unknown attribute on an XSLT
 * element, another axis, function or operator, a recursion without end) is refused with an
 * XsltError when the stylesheet is compiled or run: the cadena is never computed by guessing.
 * There is no per-complement code: a new SAT complement stylesheet works by dropping the file in and
 * including it.
 *
 * Pure: the stylesheet files are read through a loader the caller provides (see src/sello for the
 * Node.js one and the cache of compiled programs).
 */

export { compileStylesheet, resolveHref } from "./compiler";
export { normalizeSpace, type StylesheetLoader, XSL_NS, XsltError } from "./model";
export { MAX_OUTPUT, type XsltProgram } from "./runtime";
