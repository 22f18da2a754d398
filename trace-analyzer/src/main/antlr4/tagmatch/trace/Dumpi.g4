/*
 * The DUMPI text trace format: the output of SST DUMPI's dumpi2ascii and of tracer/ (one file
 * per rank).
 *
 *   version=1.0.0                                                   header: key=value lines
 *   MPI_Irecv entering at walltime 1296777956.739674000, cputime 0.008347000 seconds in thread 0.
 *   int source=-1 (MPI_ANY_SOURCE)                                  one typed parameter per line
 *   MPI_Request request=[2]
 *   MPI_Irecv returning at walltime 1296777956.739689000, cputime 0.008362000 seconds in thread 0.
 *   MPI_Send called 0 times and ignored 0 times                     footer: counts, datatype sizes
 *
 * DumpiReader streams a file through the chunk rules (headerChunk, recordChunk, footerChunk), one
 * header line, one record or one footer line at a time, so that a trace of any size is parsed
 * in constant memory; `trace` describes a whole file.
 */
grammar Dumpi;

trace : headerLine* record* footerLine* EOF ;

headerChunk : headerLine EOF ;
recordChunk : record EOF ;
footerChunk : footerLine EOF ;

// ---- header ---------------------------------------------------------------------------------
// Values are free text (dates, host names): any tokens up to the end of the line.
headerLine : key=ID '=' headerValue NL ;
headerValue : (~NL)* ;

// ---- records --------------------------------------------------------------------------------
record : enter perfLine? param* leave perfLine? ;

// The common, exactly spaced line is one token (ENTER_LINE: a third of a trace's text lexed in one
// step); the word-by-word alternative accepts other spacing and pinpoints a malformed line.
enter : ENTER_LINE NL
      | call=ID ENTERING AT WALLTIME wall=DECIMAL COMMA CPUTIME cpu=DECIMAL SECONDS IN THREAD thread=INT '.' NL ;
leave : LEAVE_LINE NL
      | call=ID RETURNING AT WALLTIME wall=DECIMAL COMMA CPUTIME cpu=DECIMAL SECONDS IN THREAD thread=INT '.' NL ;

// "int source=-1 (MPI_ANY_SOURCE)", "MPI_Request requests[2]=[3, 4]", "MPI_Status status=<IGNORED>"
// dumpi2ascii ends a 2-D array without a newline, so a list may run into the next parameter.
param : type=ID name dims? '=' (scalar NL | IGNORED NL | list NL?) ;
dims : ('[' INT ']')+ ;
scalar : (INT | DECIMAL | STRING) ANNOT? ;
// dumpi2ascii breaks 2-D arrays over several lines
list : '[' NL? (item NL? (COMMA NL? item NL?)*)? ']' ;
item : scalar | list | status ;
// "{bytes=4, cancelled=0, source=1, tag=5, error=0}"
status : '{' field (COMMA field)* '}' ;
field : name '=' INT ;

// PAPI counters, present only when DUMPI recorded them
perfLine : PERFCOUNTERS ':' '[' (field (COMMA field)*)? ']' NL ;

// A parameter or field may be named like one of the format's words ("int size=4").
name : ID | WALLTIME | CPUTIME | SECONDS | IN | THREAD | CALLED | TIMES | AND | IGNORED_WORD
     | TOTAL | KEYVALS | PERFORMANCE | COUNTERS | DATATYPE | HAS | SIZE ;

// ---- footer ---------------------------------------------------------------------------------
footerLine
    : TOTAL KEYVALS ':' count=INT NL                                        # keyvalCount
    | call=ID CALLED count=INT TIMES AND IGNORED_WORD ignored=INT TIMES NL  # callCount
    | PERFORMANCE COUNTERS ':' count=INT NL                                 # perfCounterCount
    | DATATYPE id=INT ANNOT HAS SIZE size=INT NL                            # datatypeSize
    ;

// ---- tokens ---------------------------------------------------------------------------------
ENTER_LINE : NAME ' entering at walltime ' TIME ', cputime ' TIME ' seconds in thread ' [0-9]+ '.' ;
LEAVE_LINE : NAME ' returning at walltime ' TIME ', cputime ' TIME ' seconds in thread ' [0-9]+ '.' ;
fragment NAME : [A-Za-z_] [A-Za-z0-9_]* ;
fragment TIME : [0-9]+ '.' [0-9]+ ;

ENTERING : 'entering' ;
RETURNING : 'returning' ;
AT : 'at' ;
WALLTIME : 'walltime' ;
CPUTIME : 'cputime' ;
SECONDS : 'seconds' ;
IN : 'in' ;
THREAD : 'thread' ;
CALLED : 'called' ;
TIMES : 'times' ;
AND : 'and' ;
IGNORED_WORD : 'ignored' ;
TOTAL : 'Total' ;
KEYVALS : 'keyvals' ;
PERFORMANCE : 'Performance' ;
COUNTERS : 'counters' ;
PERFCOUNTERS : 'Perfcounters' ;
DATATYPE : 'Datatype' ;
HAS : 'has' ;
SIZE : 'size' ;

IGNORED : '<IGNORED>' ;
// "(MPI_COMM_WORLD)", "(MPI_ANY_TAG)", "(\"function\")": DUMPI's name for the value before it
ANNOT : ' '? '(' ~[()\r\n]* ')' ;
// A comma takes the space after it: lists and statuses then need no whitespace tokens at all.
COMMA : ',' ' '? ;
STRING : '"' ~["\r\n]* '"' ;
DECIMAL : '-'? [0-9]+ '.' [0-9]+ ;
INT : '-'? [0-9]+ ;
ID : [A-Za-z_] [A-Za-z0-9_]* ;
NL : '\r'? '\n' ;
WS : [ \t]+ -> skip ;
// Any other character is a token of its own: header values may contain it, everything else rejects it.
OTHER : . ;
