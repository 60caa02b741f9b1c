/** JMH results as rows of the runner's summary, so both sit side by side in one spreadsheet. */
package io.mqbench.runner.jmh;
