/**
 * The standard library: small, parameterized generators in the spirit of Chisel's util
 * package, each a module that can also be used inline through a static method. The
 * {@link tagmatch.hdl.lib.Catalog} lists the ones {@code tagmatch hdl} can emit standalone, and
 * {@link tagmatch.hdl.lib.Showcase} the ones {@code tagmatch demo} shows.
 */
package tagmatch.hdl.lib;
