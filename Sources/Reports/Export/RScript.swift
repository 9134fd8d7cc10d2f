import Foundation
import Harness

/// export.R: the R script written beside the trial table. It reads the table,
/// writes the design as read (design.csv), fits one model per lead metric with
/// lme4 or survival (ExportModels), and prints and writes a tidy table of the
/// estimates (models.csv).
enum RScript {
    static func text(
        spec: ExperimentSpec, run: RunRecord, table: String, format: ExportFormat,
        metrics: [String], models: ExportModels
    ) -> String {
        let strategies = spec.strategies.map(\.label)
        let leads = models.leads.filter { $0.kind != .none }
        let skipped = models.leads.filter { $0.kind == .none }
        let random = models.random.map { "(1 | \($0))" }
        let coxTerms = models.fixed + (models.random.contains("participant") ? ["cluster(participant)"] : [])
        let read: String
        switch format {
        case .csv:
            read = """
                trials <- read.csv(file.path(here, \(quoted(table))), na.strings = "", stringsAsFactors = FALSE,
                                   check.names = FALSE, encoding = "UTF-8")
                """
        case .parquet:
            read = """
                if (!requireNamespace("arrow", quietly = TRUE))
                  stop("reading \(table) needs the R package arrow (install.packages(\\"arrow\\")), \
                or export with --format csv")
                trials <- as.data.frame(arrow::read_parquet(file.path(here, \(quoted(table)))))
                """
        }
        let randomEffects =
            random.isEmpty
            ? "no random effects (one participant, one task)" : listing(models.random) + " as random intercepts"
        var header = """
            # export.R: mixed-effects models of the \(spec.name) experiment, run \(run.id)
            # (spec SHA-256 \(run.specSHA256)), written by `refine export`.
            #
            #   Rscript export.R        # from any folder; needs the R packages lme4 and \
            survival\(format == .parquet ? ", and arrow" : "")
            #
            # Reads \(table) beside this script (one row per trial; README.txt says what each column
            # is) and fits one model per lead metric of the spec, with \(randomEffects):
            #

            """
        for lead in models.leads {
            header += "#   \(lead.metric): \(lead.kind == .none ? "not fitted (\(lead.note ?? ""))" : lead.formula)\n"
        }
        header += """
            #
            # Strategy coefficients compare each strategy with \(strategies.first ?? "–"), the spec's first. Times are
            # modelled on the log scale, so exp(estimate) is a ratio of (geometric mean) times; for 0/1
            # outcomes it is an odds ratio, for counts a rate ratio, and for time to effect a hazard
            # ratio (above 1: the goal is reached sooner). Time to effect is a survival outcome: a trial
            # that never reached the goal is censored when the person stopped (time_to_done_s), on tasks
            # that have a goal. p-values: lmer, Satterthwaite t tests when lmerTest is installed, otherwise
            # Wald z; glmer, Wald z; coxph, Wald z with standard errors robust to clustering by participant
            # (with the coxme package installed, also a Cox model with a frailty per person).
            #
            # Writes models.csv (the tidy table printed at the end, at full precision) and design.csv
            # (trials per level of each factor and values per metric: check the table was read whole).

            """
        let leadList = leads.map {
            "  list(metric = \(quoted($0.metric)), kind = \(quoted($0.kind.rawValue)), "
                + "model = \(quoted($0.formula)))"
        }.joined(separator: ",\n")
        let notFitted =
            skipped.isEmpty
            ? "" : "# Not fitted: " + skipped.map { "\($0.metric) (\($0.note ?? ""))" }.joined(separator: "; ") + "\n"
        let body = """
            suppressPackageStartupMessages({
              library(lme4)
              library(survival)
            })

            here <- local({
              file <- sub("^--file=", "", grep("^--file=", commandArgs(trailingOnly = FALSE), value = TRUE))
              if (length(file) == 1) dirname(normalizePath(file)) else getwd()
            })

            ## The table -------------------------------------------------------------------
            \(read)
            trials$strategy <- factor(trials$strategy, levels = \(vector(strategies)))
            trials$device <- factor(trials$device, levels = \(vector(spec.devices.map(\.name))))
            for (f in c("participant", "group", "task", "photo")) if (f %in% names(trials)) \
            trials[[f]] <- factor(trials[[f]])
            metrics <- \(vector(metrics))

            ## The design as read ----------------------------------------------------------
            design <- do.call(rbind, lapply(c("strategy", "device", "participant", "group", "task", "photo", \
            "replication"), function(f) {
              if (!f %in% names(trials)) return(NULL)
              counts <- table(trials[[f]], useNA = "ifany")
              data.frame(factor = f, level = names(counts), n = as.vector(counts))
            }))
            design <- rbind(design, data.frame(factor = "metric", level = metrics, row.names = NULL,
                                               n = vapply(metrics, function(m) sum(!is.na(trials[[m]])), numeric(1))))
            write.csv(design, file.path(here, "design.csv"), row.names = FALSE)
            cat(sprintf("%d trials, %d participants, %d tasks; trials per strategy and device:\\n",
                        nrow(trials), nlevels(trials$participant), nlevels(trials$task)))
            print(table(trials$strategy, trials$device))

            ## Models ----------------------------------------------------------------------
            fixed <- \(vector(models.fixed))
            random <- \(vector(random))
            lmer_fit <- if (requireNamespace("lmerTest", quietly = TRUE)) lmerTest::lmer else lme4::lmer

            # A mixed model of `response` (R code) on the fixed and random terms; lm/glm when there are no random terms.
            fit_mixed <- function(response, d, family = NULL) {
              f <- as.formula(paste(response, "~", paste(c(fixed, random), collapse = " + ")))
              if (length(random) == 0) {
                if (is.null(family)) lm(f, data = d) else glm(f, data = d, family = family)
              } else {
                if (is.null(family)) lmer_fit(f, data = d) else glmer(f, data = d, family = family)
              }
            }

            tidy <- function(fit, metric, model, ratio_is) {
              s <- summary(fit)$coefficients
              p <- grep("^Pr\\\\(", colnames(s))
              out <- data.frame(metric = metric, model = model, n = nobs(fit), term = rownames(s),
                                estimate = s[, 1], std_error = s[, 2], statistic = s[, grep(" value$", colnames(s))],
                                p_value = if (length(p)) s[, p] else 2 * pnorm(-abs(s[, grep(" value$", colnames(s))])),
                                ratio = if (ratio_is == "") NA_real_ else exp(s[, 1]), ratio_is = ratio_is, \
            row.names = NULL)
              out$ratio[out$term == "(Intercept)"] <- NA_real_
              out$ratio_is[out$term == "(Intercept)"] <- ""
              if (inherits(fit, "merMod")) {
                vc <- as.data.frame(VarCorr(fit))
                out <- rbind(out, data.frame(metric = metric, model = model, n = nobs(fit), \
            term = paste0("var(", vc$grp, ")"),
                                             estimate = vc$vcov, std_error = NA_real_, statistic = NA_real_, \
            p_value = NA_real_,
                                             ratio = NA_real_, ratio_is = "variance", row.names = NULL))
              }
              out
            }

            # Time to effect: reached at time_to_effect_s, or censored at time_to_done_s, on tasks with a goal.
            survival_data <- function() {
              d <- trials
              if ("reached_effect" %in% names(d)) d <- d[!is.na(d$reached_effect), ]
              d$reached <- as.integer(!is.na(d$time_to_effect_s))
              d$time <- ifelse(d$reached == 1, d$time_to_effect_s, d$time_to_done_s)
              droplevels(d[!is.na(d$time), ])
            }

            fit_survival <- function(metric, model) {
              d <- survival_data()
              fit <- coxph(as.formula(paste("Surv(time, reached) ~", \(quoted(coxTerms.joined(separator: " + "))))), \
            data = d)
              s <- summary(fit)$coefficients
              se <- if ("robust se" %in% colnames(s)) s[, "robust se"] else s[, "se(coef)"]
              out <- data.frame(metric = metric, model = model, n = nrow(d), term = rownames(s), estimate = s[, "coef"],
                                std_error = se, statistic = s[, "z"], p_value = s[, "Pr(>|z|)"], \
            ratio = exp(s[, "coef"]),
                                ratio_is = "hazard ratio", row.names = NULL)
              if (length(random) > 0 && requireNamespace("coxme", quietly = TRUE)) {
                me <- coxme::coxme(as.formula(paste("Surv(time, reached) ~", \
            paste(c(fixed, random), collapse = " + "))), data = d)
                b <- me$coefficients
                se <- sqrt(diag(as.matrix(vcov(me))))
                out <- rbind(out, data.frame(metric = metric, \
            model = paste("coxme, random intercepts", paste(random, collapse = " + ")), \
            n = nrow(d),
                                             term = names(b), estimate = b, std_error = se, statistic = b / se,
                                             p_value = 2 * pnorm(-abs(b / se)), ratio = exp(b), \
            ratio_is = "hazard ratio", row.names = NULL))
              }
              out
            }

            fit_lead <- function(metric, kind, model) {
              if (kind == "survival") return(fit_survival(metric, model))
              d <- droplevels(trials[!is.na(trials[[metric]]), ])
              y <- paste0("`", metric, "`")
              switch(kind,
                "log-time" = tidy(fit_mixed(paste0("log(", y, ")"), d[d[[metric]] > 0, ]), metric, model, "time ratio"),
                "binary" = tidy(fit_mixed(y, d, binomial), metric, model, "odds ratio"),
                "count" = tidy(fit_mixed(y, d, poisson), metric, model, "rate ratio"),
                tidy(fit_mixed(y, d), metric, model, ""))
            }

            leads <- list(
            \(leadList)
            )
            # lme4's warnings and notes (convergence, singular fits) are printed with the metric they concern.
            results <- do.call(rbind, lapply(leads, function(l) {
              say <- function(text) cat(sprintf("%s: %s\n", l$metric, trimws(text)), file = stderr())
              withCallingHandlers(
                tryCatch(fit_lead(l$metric, l$kind, l$model), error = function(e) {
                  say(paste("the model could not be fitted:", conditionMessage(e)))
                  NULL
                }),
                warning = function(w) { say(paste("warning:", conditionMessage(w))); invokeRestart("muffleWarning") },
                message = function(m) { say(conditionMessage(m)); invokeRestart("muffleMessage") })
            }))
            \(notFitted)
            write.csv(results, file.path(here, "models.csv"), row.names = FALSE)
            options(width = 160)
            cat("\nEstimates (models.csv has them at full precision):\n")
            for (model in unique(paste(results$metric, results$model, sep = "\r"))) {
              r <- results[paste(results$metric, results$model, sep = "\r") == model, ]
              cat(sprintf("\n%s: %s (n = %d)\n", r$metric[1], r$model[1], r$n[1]))
              shown <- r[, c("term", "estimate", "std_error", "statistic", "p_value", "ratio", "ratio_is")]
              for (column in c("estimate", "std_error", "statistic", "p_value", "ratio")) \
            shown[[column]] <- signif(shown[[column]], 4)
              print(shown, row.names = FALSE)
            }

            """
        return header + "\n" + body
    }

    /// "a", "a and b", "a, b and c".
    static func listing(_ items: [String]) -> String {
        items.count <= 2
            ? items.joined(separator: " and ") : items.dropLast().joined(separator: ", ") + " and " + items.last!
    }

    /// An R string literal.
    static func quoted(_ s: String) -> String {
        "\""
            + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }

    /// An R character vector, `c("a", "b")`, or `character(0)`.
    static func vector(_ items: [String]) -> String {
        items.isEmpty ? "character(0)" : "c(" + items.map(quoted).joined(separator: ", ") + ")"
    }
}
