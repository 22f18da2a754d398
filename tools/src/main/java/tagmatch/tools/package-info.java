/**
 * The {@code tagmatch} command line: one picocli command class per subcommand, registered in
 * {@link tagmatch.tools.Main}. Bad input is reported in one line with exit code 2.
 */
package tagmatch.tools;
